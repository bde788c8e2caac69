import Foundation
import PipelineTestSupport
import Testing

/// A pipeline with a `fetch` stage before `normalize`, on the stub, publishes the same canonical tables as
/// `convert` on the same fixtures laid out as files (the `sources` column aside: it names other files).
@Suite struct FetchThenNormalizeTests {
    static let robin = SteamFixtureResponses.robin

    /// The fixtures as a dataset: Robin's documents as `players/<id>/*.json`, TF2's as `apps/440/*.json`.
    static func fixtureDataset(_ root: URL, _ responses: SteamFixtureResponses, preferences: String) throws {
        let player = root.appendingPathComponent("players/\(robin)"), app = root.appendingPathComponent("apps/440")
        try FileManager.default.createDirectory(at: player, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(responses.summaries).write(to: player.appendingPathComponent("GetPlayerSummaries.json"))
        try Data("{\"players\":[\(responses.bans(of: robin))]}".utf8).write(to: player.appendingPathComponent("GetPlayerBans.json"))
        try Data(responses.friends).write(to: player.appendingPathComponent("GetFriendList.json"))
        try Data(responses.owned).write(to: player.appendingPathComponent("GetOwnedGames.json"))
        try Data(responses.recent).write(to: player.appendingPathComponent("GetRecentlyPlayedGames.json"))
        try Data(responses.schema).write(to: app.appendingPathComponent("GetSchemaForGame.json"))
        try Data(responses.globalPercentages).write(to: app.appendingPathComponent("GetGlobalAchievementPercentagesForApp.json"))
        try preferences.write(to: root.appendingPathComponent("preferences.jsonl"), atomically: true, encoding: .utf8)
    }

    /// `<table>.jsonl` → its rows without `sources`.
    static func tablesWithoutSources(_ directory: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".jsonl") {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            out[name] = text.replacingOccurrences(of: #","sources":\[[^\]]*\]"#, with: "", options: .regularExpression)
        }
        return out
    }

    @Test func fetchStageThenNormalizeEqualsConvertOfTheFixtures() async throws {
        let server = try await StubSteamServer.start()
        defer { Task { await server.shutdown() } }
        let rig = try FetchTestRig(server: server)
        let preferences = "{\"steamid\":\"\(Self.robin)\",\"favorite_appids\":[440]}\n"
        let fixtures = rig.root.appendingPathComponent("fixtures")
        try Self.fixtureDataset(fixtures, server.state.responses, preferences: preferences)
        let dataset = rig.root.appendingPathComponent("dataset")
        try FileManager.default.createDirectory(at: dataset, withIntermediateDirectories: true)
        try preferences.write(to: dataset.appendingPathComponent("preferences.jsonl"), atomically: true, encoding: .utf8)
        let pipeline = rig.root.appendingPathComponent("fetch.yml")
        try """
            name: fetched
            input: dataset
            output: out/fetched
            locations: none
            stages:
              fetch:
                api_base: \(server.base)
                key_file: steam.key
                apps: ["440"]
                endpoints: [GetPlayerSummaries, GetPlayerBans, GetFriendList, GetOwnedGames, GetRecentlyPlayedGames, GetSchemaForGame, GetGlobalAchievementPercentagesForApp]
                requests_per_second: 500
                burst: 10
              normalize: {}
            """.write(to: pipeline, atomically: true, encoding: .utf8)

        let run = try await FetchTestRig.run(["run", pipeline.path], in: rig.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("fetch: players 1,"))
        let convert = try await FetchTestRig.run(["convert", "fixtures", "--out", "out/converted", "--no-locations"], in: rig.root)
        #expect(convert.status == 0, "\(convert.stderr)")

        let fetched = try Self.tablesWithoutSources(rig.root.appendingPathComponent("out/fetched"))
        let converted = try Self.tablesWithoutSources(rig.root.appendingPathComponent("out/converted"))
        #expect(fetched.keys.sorted() == converted.keys.sorted())
        for (name, text) in converted { #expect(fetched[name] == text, "\(name) differs") }
        #expect(fetched["player_games.jsonl"]?.split(separator: "\n").count == 487)
        #expect(fetched["friendships.jsonl"]?.split(separator: "\n").count == 291)

        // A second run the same hour makes no calls. From then on every run publishes the same bytes as the one
        // before it: nothing of the fetch's time reaches the published tree, and neither does the key. (The first
        // rerun differs from the first run only in what compares with the output it replaces: the report's
        // previous-run section and `state/previous_headline.json`.)
        server.resetLog()
        let again = try await FetchTestRig.run(["run", pipeline.path], in: rig.root)
        #expect(again.status == 0)
        #expect(server.requests.isEmpty)
        let before = FetchTestRig.tree(rig.root.appendingPathComponent("out/fetched"))
        let third = try await FetchTestRig.run(["run", pipeline.path], in: rig.root)
        #expect(third.status == 0)
        #expect(server.requests.isEmpty)
        #expect(FetchTestRig.tree(rig.root.appendingPathComponent("out/fetched")) == before)
        for (path, data) in before { #expect(!String(decoding: data, as: UTF8.self).contains(FetchTestRig.apiKey), "\(path)") }
    }
}
