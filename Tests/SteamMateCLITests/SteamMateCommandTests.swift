import Foundation
import PipelineTestSupport
import Testing

/// Runs the built `steam-mate` binary, as a user would, and checks exit statuses and stderr.
@Suite struct SteamMateCommandTests {
    @Test func badPipelineFileExitsTwoWithFileAndLine() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try "input: data\nthreds: 2\nstages:\n  pair: {kk: 1}\n".write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("p.yml:2: error: unknown key 'threds'"))
        #expect(result.stderr.contains("p.yml:4: error: unknown key 'kk' in stage 'pair'"))
        #expect(result.stdout.isEmpty, "stdout is reserved for data")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Output").path), "nothing is written")
    }

    @Test func convertReportsBadFilesAndKeepsTheRest() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let player = dir.appendingPathComponent("data/players/76561197960435530")
        try FileManager.default.createDirectory(at: player, withIntermediateDirectories: true)
        try #"{"response":{"players":[{"steamid":"76561197960435530","communityvisibilitystate":3,"personaname":"Robin","loccountrycode":"US","locstatecode":"WA","loccityid":3961}]}}"#
            .write(to: player.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
        try "{\n  \"response\": {\"players\": [\n".write(to: dir.appendingPathComponent("data/truncated.json"), atomically: true, encoding: .utf8)
        try "".write(to: dir.appendingPathComponent("data/empty.xml"), atomically: true, encoding: .utf8)

        let result = try CommandRunner.run(["convert", "data", "--out", "out"], in: dir)
        #expect(result.status == 1, "input errors give exit status 1")
        #expect(result.stderr.contains("data/empty.xml:1: error: file is empty [input.empty]"))
        #expect(result.stderr.contains("data/truncated.json:"))
        #expect(result.stderr.contains("[json.truncated]"))
        let players = try String(contentsOf: dir.appendingPathComponent("out/players.csv"), encoding: .utf8)
        #expect(players.contains("76561197960435530,Robin,"))
        let diagnostics = try String(contentsOf: dir.appendingPathComponent("out/diagnostics.json"), encoding: .utf8)
        #expect(diagnostics.contains("\"code\" : \"input.empty\""))
        #expect(diagnostics.contains("\"code\" : \"json.truncated\""))
    }

    @Test func cleanConvertExitsZeroAndIsRepeatable() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let player = dir.appendingPathComponent("data/players/76561197960435530")
        try FileManager.default.createDirectory(at: player, withIntermediateDirectories: true)
        try #"{"friendslist":{"friends":[{"steamid":"76561197960287930","relationship":"friend","friend_since":0}]}}"#
            .write(to: player.appendingPathComponent("friends.json"), atomically: true, encoding: .utf8)
        let first = try CommandRunner.run(["convert", "data", "--out", "out"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let manifest1 = try Data(contentsOf: dir.appendingPathComponent("out/manifest.json"))
        let second = try CommandRunner.run(["convert", "data", "--out", "out", "--threads", "1"], in: dir)
        #expect(second.status == 0)
        #expect(try Data(contentsOf: dir.appendingPathComponent("out/manifest.json")) == manifest1)
        let friendships = try String(contentsOf: dir.appendingPathComponent("out/friendships.csv"), encoding: .utf8)
        #expect(friendships == "steamid_a,steamid_b,friend_since,sources\r\n76561197960287930,76561197960435530,,data/players/76561197960435530/friends.json\r\n")
    }
}
