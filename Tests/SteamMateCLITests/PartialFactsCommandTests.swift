import Foundation
import PipelineTestSupport
import Testing

/// `convert --partial-facts` over subsets of the input and `merge` publish exactly what one `convert` of all the
/// files does (tables, diagnostics, summary, manifest), whichever way the files are split and merged.
@Suite(.serialized) struct PartialFactsCommandTests {
    static func expectSameTree(_ dir: URL, _ a: String, _ b: String) {
        let left = PublishedTree.snapshot(dir.appendingPathComponent(a))
        let right = PublishedTree.snapshot(dir.appendingPathComponent(b))
        #expect(left.count > 10)
        #expect(left.keys.sorted() == right.keys.sorted())
        for (path, bytes) in left { #expect(right[path] == bytes, "\(path) differs between \(a) and \(b)") }
    }

    static func run(_ args: [String], in dir: URL, status: Int32 = 0) throws -> CommandRunner.Result {
        let r = try CommandRunner.run(args, in: dir)
        #expect(r.status == status, "\(args.joined(separator: " ")): \(r.stderr)")
        return r
    }

    @Test func bundleSubsetsMergeToTheWholeConvert() throws {
        let dir = try RepositoryPaths.temporaryDirectory("partial-bundles")
        _ = try Self.run(["generate", "--players", "1500", "--seed", "21", "--bundles", "--out", "gen"], in: dir)
        _ = try Self.run(["convert", "gen", "--out", "whole", "--quiet"], in: dir)
        // A player's summary, friends, games and profile sit in different subsets.
        _ = try Self.run(["convert", "gen/summaries.jsonl", "gen/friends.jsonl", "--partial-facts", "--out", "p1", "--quiet"], in: dir)
        _ = try Self.run(["convert", "gen/owned_games.jsonl", "gen/profiles.xml", "gen/preferences.jsonl", "--partial-facts",
                          "--out", "p2", "--quiet"], in: dir)
        _ = try Self.run(["merge", "p1", "p2", "--out", "merged"], in: dir)
        _ = try Self.run(["merge", "p2", "p1", "--out", "reversed", "--threads", "1"], in: dir)
        Self.expectSameTree(dir, "whole", "merged")
        Self.expectSameTree(dir, "whole", "reversed")
    }

    /// `--files-shard I/N`: the binary deals the scanned files itself (what the Spark driver's tasks run); more shares
    /// than some inputs need leave shares empty, which is not an error.
    @Test func fileSharesMergeToTheWholeConvert() throws {
        let dir = try RepositoryPaths.temporaryDirectory("partial-shares")
        _ = try Self.run(["generate", "--players", "400", "--seed", "23", "--out", "gen"], in: dir)
        _ = try Self.run(["convert", "gen", "--out", "whole", "--quiet"], in: dir)
        for i in 0..<3 {
            _ = try Self.run(["convert", "gen", "--partial-facts", "--files-shard", "\(i)/3", "--out", "s\(i)", "--quiet"], in: dir)
        }
        _ = try Self.run(["merge", "s0", "s1", "s2", "--out", "merged"], in: dir)
        Self.expectSameTree(dir, "whole", "merged")
        let bundles = try RepositoryPaths.temporaryDirectory("partial-shares-bundles")
        _ = try Self.run(["generate", "--players", "300", "--seed", "24", "--bundles", "--out", "gen"], in: bundles)
        _ = try Self.run(["convert", "gen", "--out", "whole", "--quiet"], in: bundles)
        for i in 0..<8 {
            _ = try Self.run(["convert", "gen", "--partial-facts", "--files-shard", "\(i)/8", "--out", "s\(i)", "--quiet"], in: bundles)
        }
        _ = try Self.run(["merge"] + (0..<8).map { "s\($0)" } + ["--out", "merged"], in: bundles)
        Self.expectSameTree(bundles, "whole", "merged")
        let bad = try Self.run(["convert", "gen", "--files-shard", "8/8", "--partial-facts", "--out", "x"], in: bundles, status: 2)
        #expect(bad.stderr.contains("[convert.filesShard]"))
    }

    /// `--files-shard` with big JSON Lines bundles: each is cut into byte ranges read as the lines that start in them
    /// (`--min-piece-bytes`, here small enough that every bundle is cut, some cuts inside lines), dealt to different
    /// shares; merged, they give the whole convert byte for byte: tables, provenance lines, every diagnostic's line
    /// (damaged, blank and CRLF lines, a BOM-less file), `files_read` and `bytes_read`.
    @Test func bundlesSplitBetweenSharesMergeToTheWholeConvert() throws {
        let dir = try RepositoryPaths.temporaryDirectory("partial-pieces")
        _ = try Self.run(["generate", "--players", "500", "--seed", "25", "--bundles", "--out", "gen"], in: dir)
        // Damage a bundle: a broken line, a blank one, a CRLF line, an out-of-range value, and no final newline.
        let games = dir.appendingPathComponent("gen/owned_games.jsonl")
        var text = try String(contentsOf: games, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("{\"steamid\": \"7656119\", broken", at: 40)
        lines.insert("", at: 90)
        lines[120] += "\r"
        lines.insert("{\"steamid\":\"76561197960265728\",\"response\":{\"game_count\":-5}}", at: 200)
        text = lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
        try text.write(to: games, atomically: true, encoding: .utf8)
        let whole = try Self.run(["convert", "gen", "--out", "whole", "--quiet"], in: dir, status: 1)
        #expect(whole.stderr.contains("owned_games.jsonl:41: error:"), "\(whole.stderr)")
        for shares in [2, 3, 7] {
            for i in 0..<shares {
                let r = try CommandRunner.run(["convert", "gen", "--partial-facts", "--files-shard", "\(i)/\(shares)",
                                               "--min-piece-bytes", "5000", "--out", "s\(shares)-\(i)", "--quiet"], in: dir)
                #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            }
            _ = try Self.run(["merge"] + (0..<shares).map { "s\(shares)-\($0)" } + ["--out", "merged\(shares)"], in: dir, status: 1)
            Self.expectSameTree(dir, "whole", "merged\(shares)")
        }
        // The bundle was cut: no share read as many bytes as owned_games.jsonl alone holds, and together they read them all.
        let shareBytes = try (0..<3).map { i -> Int in
            let data = try Data(contentsOf: dir.appendingPathComponent("s3-\(i)/partial_facts.json"))
            return ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["bytes_read"] as? Int) ?? -1
        }
        let gamesBytes = text.utf8.count
        #expect(shareBytes.allSatisfy { $0 > 0 && $0 < gamesBytes }, "\(shareBytes) against \(gamesBytes)")
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("whole/run_summary.json")))
        #expect((summary as? [String: Any])?["bytes_read"] as? Int == shareBytes.reduce(0, +))
        let bad = try Self.run(["convert", "gen", "--partial-facts", "--files-shard", "0/2", "--min-piece-bytes", "0",
                                "--out", "x"], in: dir, status: 2)
        #expect(bad.stderr.contains("--min-piece-bytes"))
    }

    @Test func playerDirectorySubsetsMergeToTheWholeConvert() throws {
        let dir = try RepositoryPaths.temporaryDirectory("partial-players")
        _ = try Self.run(["generate", "--players", "600", "--seed", "22", "--out", "gen"], in: dir)
        _ = try Self.run(["convert", "gen", "--out", "whole", "--quiet"], in: dir)
        let players = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("gen/players").path).sorted()
        #expect(players.count == 600)
        var parts: [String] = []
        for (i, slice) in [players[0..<250], players[250..<600]].enumerated() {
            _ = try Self.run(["convert"] + slice.map { "gen/players/\($0)" } + ["--partial-facts", "--out", "q\(i)", "--quiet"], in: dir)
            parts.append("q\(i)")
        }
        _ = try Self.run(["convert", "gen/preferences.jsonl", "--partial-facts", "--out", "q2", "--quiet"], in: dir)
        _ = try Self.run(["merge"] + parts + ["q2", "--out", "merged"], in: dir)
        Self.expectSameTree(dir, "whole", "merged")

        // One player's directory by itself: its friend list (which does not name its owner) keeps the owner from the path.
        _ = try Self.run(["convert", "gen/players/\(players[7])", "--out", "one", "--quiet"], in: dir)
        let friendships = try String(contentsOf: dir.appendingPathComponent("one/friendships.csv"), encoding: .utf8)
        #expect(friendships.split(separator: "\r\n").count > 1, "friendships lost: \(friendships)")
        #expect(friendships.contains(players[7]))

        // Not partial facts, or damaged ones: exit 2, named, nothing published.
        let notPartial = try Self.run(["merge", "whole", "--out", "bad1"], in: dir, status: 2)
        #expect(notPartial.stderr.contains("whole/partial_facts.json: error: not a convert --partial-facts output [merge.notPartialFacts]"))
        let facts = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("q0/facts").path).sorted()
        let victim = dir.appendingPathComponent("q0/facts/\(facts[0])")
        var bytes = try Data(contentsOf: victim)
        bytes.removeLast(bytes.count / 2)
        try bytes.write(to: victim)
        let damaged = try Self.run(["merge", "q0", "q1", "q2", "--out", "bad2"], in: dir, status: 2)
        #expect(damaged.stderr.contains("\(facts[0]): error: partial facts corrupt"))
        #expect(damaged.stderr.contains("[merge.corrupt]"))
        for bad in ["bad1", "bad2"] { #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(bad).path)) }
    }
}
