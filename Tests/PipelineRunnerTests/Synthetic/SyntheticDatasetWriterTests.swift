import Foundation
import Testing
@testable import PipelineRunner
import PipelineTestSupport

/// A fresh temporary directory in the test process's scratch directory (removed when the process exits).
func makeTemporaryDirectory(_ label: String) throws -> URL {
    try RepositoryPaths.temporaryDirectory("steam-mate-\(label)")
}

/// Every regular file under `root`, relative path → bytes, except generate's ownership marker (checked once).
func treeContents(_ root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
    for case let url as URL in enumerator {
        guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
        let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        guard relative != SyntheticDatasetMarker.fileName else { continue }
        files[relative] = try Data(contentsOf: url)
    }
    return files
}

@Suite struct SyntheticDatasetWriterTests {
    @Test func writesTheDocumentedLayout() throws {
        let tmp = try makeTemporaryDirectory("generate")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("dataset")
        let summary = try SyntheticDatasetWriter.write(.init(players: 120, seed: 5), to: out.path)
        let files = try treeContents(out)
        #expect(summary.players == 120)
        #expect(summary.files == files.count)
        #expect(summary.bytes == files.values.reduce(0) { $0 + $1.count })

        let playerDirs = Set(files.keys.filter { $0.hasPrefix("players/") }.map { $0.split(separator: "/")[1] })
        #expect(playerDirs.count == 120)
        for dir in playerDirs {
            #expect(dir.count == 17 && dir.hasPrefix("7656119"))
            for name in ["profile.xml", "summary.json", "owned_games.json"] {
                #expect(files["players/\(dir)/\(name)"] != nil, "players/\(dir)/\(name) missing")
            }
            let profile = String(decoding: files["players/\(dir)/profile.xml"]!, as: UTF8.self)
            #expect(profile.contains("<steamID64>\(dir)</steamID64>"))
            let isPrivate = profile.contains("<visibilityState>1</visibilityState>")
            #expect((files["players/\(dir)/friends.json"] == nil) == isPrivate)
        }
        let preferences = String(decoding: try #require(files["preferences.jsonl"]), as: UTF8.self)
        #expect(preferences.split(separator: "\n").count == summary.preferences)
        let decisions = String(decoding: try #require(files["decisions.jsonl"]), as: UTF8.self)
        #expect(decisions.split(separator: "\n").count == summary.decisions)
        #expect(summary.decisions > 0)
        let readme = String(decoding: try #require(files["README.md"]), as: UTF8.self)
        #expect(readme.contains("Synthetic data"))
        #expect(readme.contains("steam-mate generate --players 120 --seed 5"))
        #expect(!readme.contains(tmp.path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(SyntheticDatasetMarker.fileName).path))
    }

    @Test func sameArgumentsGiveSameBytesAndReplaceAtomically() throws {
        let tmp = try makeTemporaryDirectory("regenerate")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let a = tmp.appendingPathComponent("a"), b = tmp.appendingPathComponent("b")
        try SyntheticDatasetWriter.write(.init(players: 60, seed: 11), to: a.path)
        // b holds somebody else's file: refused and untouched unless forced; then the file disappears.
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: b.appendingPathComponent("stale.txt"))
        #expect(throws: PublishRefusal.self) { try SyntheticDatasetWriter.write(.init(players: 60, seed: 11), to: b.path) }
        #expect(try treeContents(b) == ["stale.txt": Data("stale".utf8)])
        try SyntheticDatasetWriter.write(.init(players: 60, seed: 11), to: b.path, policy: PublishPolicy(force: true))
        let first = try treeContents(a), second = try treeContents(b)
        #expect(first == second)
        #expect(second["stale.txt"] == nil)
        // A dataset generate wrote is replaced without force.
        try SyntheticDatasetWriter.write(.init(players: 60, seed: 11), to: a.path)
        #expect(try treeContents(a) == first)
        // Nothing but the lock files is left beside the targets.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted() == [".a.lock", ".b.lock", "a", "b"])

        let c = tmp.appendingPathComponent("c")
        try SyntheticDatasetWriter.write(.init(players: 60, seed: 12), to: c.path)
        #expect(try treeContents(c)["preferences.jsonl"] != first["preferences.jsonl"])
    }

    @Test func bundleModeWritesBundles() throws {
        let tmp = try makeTemporaryDirectory("bundles")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let summary = try SyntheticDatasetWriter.write(.init(players: 80, seed: 3, bundles: true), to: tmp.path + "/d")
        let files = try treeContents(tmp.appendingPathComponent("d"))
        #expect(files.keys.sorted() == ["README.md", "decisions.jsonl", "friends.jsonl", "owned_games.jsonl",
                                        "preferences.jsonl", "profiles.xml", "summaries.jsonl", "trade_requests.jsonl"])
        let profiles = String(decoding: files["profiles.xml"]!, as: UTF8.self)
        #expect(profiles.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Synthetic data"))
        #expect(profiles.components(separatedBy: "<profile>").count - 1 == summary.players)
        #expect(profiles.hasSuffix("</profiles>\n"))
        let summaries = String(decoding: files["summaries.jsonl"]!, as: UTF8.self).split(separator: "\n")
        #expect(summaries.count == 1)
        #expect(summaries[0].components(separatedBy: "\"communityvisibilitystate\"").count - 1 == summary.players)
        let owned = String(decoding: files["owned_games.jsonl"]!, as: UTF8.self).split(separator: "\n")
        #expect(owned.count == summary.players)
        #expect(owned.allSatisfy { $0.hasPrefix("{\"steamid\":\"7656") && $0.contains("\"source\":\"GetOwnedGames\"") })
    }

    @Test func placesSteamFixturesByteForByte() throws {
        let tmp = try makeTemporaryDirectory("fixtures")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let source = tmp.appendingPathComponent("steam")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        // Stand-ins with the real names; the copier must not look inside copied files.
        for entry in SteamFixturePlacement.entries {
            let body: String
            if case .bundleLine = entry.mode {
                body = "{\r\n    \"players\": [\r\n        {\"SteamId\": \"76561198051682777\", \"EconomyBan\": \"none\"}\r\n    ]\r\n\r\n}"
            } else {
                body = "fixture \(entry.fixture)\r\n\t"
            }
            try Data(body.utf8).write(to: source.appendingPathComponent(entry.fixture))
        }
        let out = tmp.appendingPathComponent("out")
        try SyntheticDatasetWriter.write(.init(players: 10, seed: 1, steamFixturesDirectory: source.path), to: out.path)
        let files = try treeContents(out)
        for entry in SteamFixturePlacement.entries {
            guard case .copy = entry.mode else { continue }
            #expect(files[entry.destination] == Data("fixture \(entry.fixture)\r\n\t".utf8), "\(entry.destination)")
        }
        let bans = String(decoding: try #require(files["bans.jsonl"]), as: UTF8.self)
        #expect(bans == "{\"source\":\"GetPlayerBans\",\"fetched_at\":\"2025-01-15T10:00:00Z\",\"body\":{\"players\":[{\"SteamId\":\"76561198051682777\",\"EconomyBan\":\"none\"}]}}\n")
        let readme = String(decoding: files["README.md"]!, as: UTF8.self)
        #expect(readme.contains("players/76561197985077150/profile.xml"))
        #expect(!readme.contains(source.path))

        // A missing fixture is an error and leaves no output behind.
        try FileManager.default.removeItem(at: source.appendingPathComponent(SteamFixturePlacement.entries[0].fixture))
        let failed = tmp.appendingPathComponent("failed")
        #expect(throws: SyntheticWriteError.self) {
            try SyntheticDatasetWriter.write(.init(players: 10, seed: 1, steamFixturesDirectory: source.path), to: failed.path)
        }
        #expect(!FileManager.default.fileExists(atPath: failed.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted() == [".failed.lock", ".out.lock", "out", "steam"])
    }

    @Test func compactJSONKeepsStringsIntact() {
        #expect(SteamFixtureCopier.compactJSON(Array("{ \"a b\" : [ 1 ,\r\n 2 ], \"c\\\" d\": \"x\" }".utf8))
                == "{\"a b\":[1,2],\"c\\\" d\":\"x\"}")
        #expect(SteamFixtureCopier.compactJSON(Array("{\"open".utf8)) == nil)
    }
}
