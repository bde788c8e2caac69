import Foundation
import PipelineTestSupport
import Testing

/// Issue #12, "Also fix": values and paths that used to change or vanish silently.
@Suite struct InputEdgeTests {
    private func write(_ text: String, _ path: String, in dir: URL) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func invalidFetchedAtAndUpdatedAtAreWarnedAbout() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write(#"{"steamid":"76561197960435530","source":"GetOwnedGames","fetched_at":"yesterday","body":{"response":{"game_count":1,"games":[{"appid":570,"playtime_forever":10}]}}}"# + "\n",
                  "data/bundle.jsonl", in: dir)
        try write(#"{"steamid":"76561197960435530","max_distance_km":50,"updated_at":"2025-13-45T99:00:00Z"}"# + "\n", "data/preferences.jsonl", in: dir)
        let result = try CommandRunner.run(["convert", "data", "--out", "out"], in: dir)
        #expect(result.status == 0, "warnings only: \(result.stderr)")
        #expect(result.stderr.contains("data/bundle.jsonl:1: warning: fetched_at 'yesterday' is not an RFC 3339 time; the document ranks as undated [value.badTimestamp]"))
        #expect(result.stderr.contains("data/preferences.jsonl:1: warning: updated_at '2025-13-45T99:00:00Z' is not an RFC 3339 time"))
    }

    @Test func convertSourcesNeverHoldAnAbsolutePath() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write(#"{"friendslist":{"friends":[{"steamid":"76561197960287930","relationship":"friend","friend_since":0}]}}"#,
                  "data/players/76561197960435530/friends.json", in: dir)
        try write("{}", "data/players/123/x.json", in: dir)
        let absolute = dir.appendingPathComponent("data").path
        let result = try CommandRunner.run(["convert", absolute, "--out", "out"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("data/players/123: error: '123' is not a valid SteamID64"), "layout diagnostics keep the prefix")
        let friendships = try String(contentsOf: dir.appendingPathComponent("out/friendships.csv"), encoding: .utf8)
        #expect(friendships.contains(",data/players/76561197960435530/friends.json"))
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path) {
            let text = try String(contentsOf: dir.appendingPathComponent("out/\(file)"), encoding: .utf8)
            #expect(!text.contains(dir.path), "\(file) holds an absolute path")
        }
    }

    @Test func aFileNameWithANewlineCannotForgeADiagnosticLine() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write("{}", "data/players/76561197960435530/summary.json", in: dir)
        try write("", "data/x\ndata/y.json:1: error: forged [fake.code].json", in: dir)
        let result = try CommandRunner.run(["convert", "data", "--out", "out"], in: dir)
        #expect(result.status == 1)
        #expect(!result.stderr.split(separator: "\n").contains { $0.hasPrefix("data/y.json") }, "\(result.stderr)")
        #expect(result.stderr.contains("data/x\\ndata/y.json:1: error: forged [fake.code].json:1: error: file is empty [input.empty]"))
    }

    @Test func tradeRequestsWithANaNAccuracyAreReported() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write("""
            request_id,author,offered_appid,accepted_appids,latitude,longitude,accuracy_km
            r1,76561197960435530,10,20,47.6,-122.3,nan
            r2,76561197960435531,20,10,47.6,-122.3,5

            """, "requests.csv", in: dir)
        let result = try CommandRunner.run(["trade", "requests.csv", "--max-distance-km", "50"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("requests.csv:2: error: request r1: accuracy_km nan is not a distance in 0…20100 km; ignored [trade.request.badLocation]"))
    }

    @Test func tradeOutUnwritableExitsThree() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let fixtures = RepositoryPaths.root().appendingPathComponent("Data/sample/trade_requests.jsonl").path
        try write("not a directory", "blocker", in: dir)
        let result = try CommandRunner.run(["trade", fixtures, "--out", "blocker/out"], in: dir)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("[output.failed]") || result.stderr.contains("[trade.output.unwritable]"))
        #expect(!result.stderr.contains("Error Domain="), "no raw NSError dump")
    }

    @Test func pairRejectsImpossibleCoordinatesInACanonicalDataset() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write(#"{"steamid":"76561197960435530","latitude":200,"longitude":0}"# + "\n"
                  + #"{"steamid":"76561197960435531","latitude":10,"longitude":0,"location_accuracy_km":-1e300}"# + "\n",
                  "ds/players.jsonl", in: dir)
        for table in ["player_games", "friendships", "preferences"] { try write("", "ds/\(table).jsonl", in: dir) }
        let result = try CommandRunner.run(["pair", "ds", "--out", "out"], in: dir)
        #expect(result.stderr.contains("players.jsonl:1: error: cannot read this row of players.jsonl"), "\(result.stderr)")
        #expect(result.stderr.contains("latitude 200.0 is outside -90…90"))
        #expect(result.stderr.contains("players.jsonl:2: error:"))
        #expect(result.stderr.contains("location_accuracy_km -1e+300 is outside 0…20100"))
        #expect(result.status == 1)
    }
}
