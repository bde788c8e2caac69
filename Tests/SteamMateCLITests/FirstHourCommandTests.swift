import Foundation
import PipelineTestSupport
import Testing

/// A new user's first hour: `convert` Web API exports with location codes, then `pair`, with no flags.
@Suite struct FirstHourCommandTests {
    /// Twelve players in Bellevue, WA (Steam code US/WA/3961), each playing Dota 2 and one other game.
    static func writeExports(in dir: URL) throws {
        for i in 0..<12 {
            let id = 76_561_198_000_000_000 + UInt64(i)
            let player = dir.appendingPathComponent("data/players/\(id)")
            try FileManager.default.createDirectory(at: player, withIntermediateDirectories: true)
            try #"{"response":{"players":[{"steamid":"\#(id)","communityvisibilitystate":3,"personaname":"P\#(i)","loccountrycode":"US","locstatecode":"WA","loccityid":3961}]}}"#
                .write(to: player.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
            try #"{"response":{"game_count":2,"games":[{"appid":570,"playtime_forever":\#(600 + i)},{"appid":\#(i % 2 == 0 ? 440 : 730),"playtime_forever":120}]}}"#
                .write(to: player.appendingPathComponent("owned_games.json"), atomically: true, encoding: .utf8)
        }
    }

    @Test func convertAndPairWithNoFlagsPairLocatedPlayers() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Self.writeExports(in: dir)
        let convert = try CommandRunner.run(["convert", "data", "--out", "c"], in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        let pair = try CommandRunner.run(["pair", "c", "--k", "5", "--out", "p"], in: dir)
        #expect(pair.status == 0, "\(pair.stderr)")
        #expect(pair.stderr.contains("players 12, paired 12, no pairings 0,"), "\(pair.stderr)")
        #expect(!pair.stderr.contains("pair.unpairedShare"))
        let diagnostics = try String(contentsOf: dir.appendingPathComponent("p/diagnostics.json"), encoding: .utf8)
        #expect(!diagnostics.contains("pair.unpairedShare"))
        let pairings = try String(contentsOf: dir.appendingPathComponent("p/pairings.csv"), encoding: .utf8)
        #expect(pairings.split(separator: "\r\n").count == 1 + 12 * 5)
    }

    @Test func pairWarnsWhenEveryoneLacksALocation() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Self.writeExports(in: dir)
        let convert = try CommandRunner.run(["convert", "data", "--out", "c", "--no-locations"], in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        let pair = try CommandRunner.run(["pair", "c", "--k", "5", "--out", "p"], in: dir)
        #expect(pair.status == 0, "warnings do not fail the run")
        #expect(pair.stderr.contains("warning: 12 of 12 players have no location"), "\(pair.stderr)")
        #expect(pair.stderr.contains("[pair.unpairedShare]"))
        #expect(pair.stderr.contains("players 12, paired 0, no pairings 12 (no_location 12)"), "\(pair.stderr)")
        let diagnostics = try String(contentsOf: dir.appendingPathComponent("p/diagnostics.json"), encoding: .utf8)
        #expect(diagnostics.contains("\"code\" : \"pair.unpairedShare\""))
    }

    @Test func runUsesTheShippedTableUnlessThePipelineSaysNone() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Self.writeExports(in: dir)
        try "input: data\noutput: located\n".write(to: dir.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)
        try "input: data\noutput: unlocated\nlocations: none\n".write(to: dir.appendingPathComponent("b.yml"), atomically: true, encoding: .utf8)
        let located = try CommandRunner.run(["run", "a.yml"], in: dir)
        #expect(located.status == 0, "\(located.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("located/players.csv"), encoding: .utf8).contains(",47.61"))
        let unlocated = try CommandRunner.run(["run", "b.yml"], in: dir)
        #expect(unlocated.status == 0, "\(unlocated.stderr)")
        #expect(!(try String(contentsOf: dir.appendingPathComponent("unlocated/players.csv"), encoding: .utf8).contains(",47.61")))
        let optOut = try CommandRunner.run(["run", "a.yml", "--no-locations", "--out", "flagged"], in: dir)
        #expect(optOut.status == 0)
        #expect(!(try String(contentsOf: dir.appendingPathComponent("flagged/players.csv"), encoding: .utf8).contains(",47.61")))
    }

    /// The table loads beside ingest; a missing or broken one still stops `convert` and `run` with a usage
    /// error naming it, and nothing is published.
    @Test(arguments: [(["convert", "data", "--out", "out", "--locations", "TABLE"], "out"), (["run", "p.yml"], "out")])
    func aBadLocationTableStopsTheJob(arguments: [String], output: String) throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Self.writeExports(in: dir)
        try Data("not,a\nlocation table\n".utf8).write(to: dir.appendingPathComponent("bad.csv"))
        for (table, code) in [("bad.csv", "locations.invalid"), ("nowhere.csv", "locations.missing")] {
            try "input: data\noutput: out\nlocations: \(table)\n".write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
            let result = try CommandRunner.run(arguments.map { $0 == "TABLE" ? table : $0 }, in: dir)
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("\(table): error: "), "\(result.stderr)")
            #expect(result.stderr.contains("[\(code)]"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(output).path))
        }
    }

    /// A binary installed away from the repository, with no table beside it and no `STEAM_MATE_DATA`, still
    /// converts and runs: players keep no coordinates and the run says why (`locations.notFound`) on stderr and
    /// in `diagnostics.json`, once.
    @Test func withNoTableToFindConvertAndRunWarnAndGoOn() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Self.writeExports(in: dir)
        let installed = dir.appendingPathComponent("opt/bin/steam-mate")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandRunner.binary, to: installed)
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: dir.appendingPathComponent("data"), to: work.appendingPathComponent("data"))
        try "input: data\noutput: ran\n".write(to: work.appendingPathComponent("a.yml"), atomically: true, encoding: .utf8)

        for (arguments, output) in [(["convert", "data", "--out", "c"], "c"), (["run", "a.yml"], "ran")] {
            let result = try CommandRunner.run(arguments, in: work, executable: installed,
                                               removingEnvironment: ["STEAM_MATE_DATA"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.components(separatedBy: "[locations.notFound]").count == 2, "\(result.stderr)")
            #expect(result.stderr.contains("no location table found"))
            let diagnostics = try String(contentsOf: work.appendingPathComponent("\(output)/diagnostics.json"), encoding: .utf8)
            #expect(diagnostics.contains("\"code\" : \"locations.notFound\""), "\(diagnostics)")
            let players = try String(contentsOf: work.appendingPathComponent("\(output)/players.csv"), encoding: .utf8)
            #expect(players.split(separator: "\r\n").count == 13)
            #expect(!players.contains(",47.61"), "no coordinates without a table")
        }
        // The same copy finds a table placed next to it, as the README's install note says.
        try FileManager.default.copyItem(at: RepositoryPaths.root().appendingPathComponent("Data/reference/steam-locations.csv"),
                                         to: installed.deletingLastPathComponent().appendingPathComponent("steam-locations.csv"))
        let located = try CommandRunner.run(["convert", "data", "--out", "c2"], in: work, executable: installed,
                                            removingEnvironment: ["STEAM_MATE_DATA"])
        #expect(located.status == 0, "\(located.stderr)")
        #expect(!located.stderr.contains("locations.notFound"))
        #expect(try String(contentsOf: work.appendingPathComponent("c2/players.csv"), encoding: .utf8).contains(",47.61"))
    }

    @Test func explicitTableAndOptOutExcludeEachOther() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Self.writeExports(in: dir)
        let both = try CommandRunner.run(["convert", "data", "--out", "c", "--no-locations", "--locations", "x.csv"], in: dir)
        #expect(both.status != 0)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c").path))
    }

    @Test func qualityPrintsPairingPopularityAndCosineRows() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let result = try CommandRunner.run(["quality", "--players", "400", "--neighbours", "10"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("uniform") == true && lines.first?.contains("hours_weighted") == true)
        for row in ["pairing (binary)", "popularity", "cosine_binary_idf"] {
            let line = lines.first { $0.hasPrefix(row) }
            #expect(line != nil, "row \(row) in \(result.stdout)")
            #expect(line.map { $0.split(separator: " ").filter { $0.hasPrefix("0.") || $0.hasPrefix("1.") }.count } == 2)
        }
    }
}
