import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate lobby` end to end: generate with lobby requests, convert, form lobbies twice (same bytes), and
/// carry the state over to a third run.
@Suite struct LobbyCommandTests {
    @Test func lobbiesFromAGeneratedDatasetAreRepeatable() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        #expect(try CommandRunner.run(["generate", "--players", "600", "--seed", "4", "--lobby-share", "0.5", "--out", "data"], in: dir).status == 0)
        #expect(try CommandRunner.run(["convert", "data", "--out", "canon"], in: dir).status == 0)
        let first = try CommandRunner.run(["lobby", "canon", "--out", "a", "--default-size", "*:2-3", "--threads", "1"], in: dir)
        #expect(first.status == 0)
        #expect(first.stderr.contains("players asking"))
        let second = try CommandRunner.run(["lobby", "canon", "--out", "b", "--default-size", "*:2-3", "--threads", "2"], in: dir)
        #expect(second.status == 0)
        for name in ["lobbies.csv", "lobbies.jsonl", "lobby_members.csv", "lobby_unplaced.jsonl", "lobby_summary.json",
                     "state/lobby_unplaced.jsonl"] {
            let a = try Data(contentsOf: dir.appendingPathComponent("a/" + name))
            let b = try Data(contentsOf: dir.appendingPathComponent("b/" + name))
            #expect(a == b, "\(name) differs between runs")
        }
        let lobbies = try String(contentsOf: dir.appendingPathComponent("a/lobbies.csv"), encoding: .utf8)
        #expect(lobbies.split(separator: "\r\n").count > 1, "some lobbies are formed")
        let carried = try CommandRunner.run(["lobby", "canon", "--out", "c", "--default-size", "*:2-3", "--state", "a/state"], in: dir)
        #expect(carried.status == 0)
        let summary = try String(contentsOf: dir.appendingPathComponent("c/lobby_summary.json"), encoding: .utf8)
        #expect(!summary.contains("\"carried_over_asking\" : 0,"))
    }

    @Test func badSizeExitsTwo() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let result = try CommandRunner.run(["lobby", "canon", "--out", "x", "--default-size", "570:5-2"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'default_sizes' entry '570:5-2'"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x").path))
    }
}
