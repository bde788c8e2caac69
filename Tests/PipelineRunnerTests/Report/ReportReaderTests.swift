import Foundation
import PipelineTestSupport
import Report
import Testing
@testable import PipelineRunner

@Suite struct ReportReaderTests {
    static let sample = RepositoryPaths.root().appendingPathComponent("Tests/PipelineRunnerTests/Goldens/default/expected")

    @Test func sampleOutputAggregatesAgreeWithItsSummaries() throws {
        let figures = try ReportReader.read(Self.sample)
        #expect(figures.pipeline == "default")
        let ingest = try #require(figures.ingest)
        #expect(ingest.players == 245 && ingest.filesRead == 948)
        #expect(ingest.visibility.reduce(0) { $0 + $1.count } == 245)
        #expect(ingest.diagnostics.first?.code == "json.emptyResponse")
        #expect(ingest.diagnostics.allSatisfy { $0.examples.count <= 3 && $0.examples.count <= $0.count })
        let grid = try #require(figures.density)
        #expect(grid.located + grid.unlocated == 245)
        let pairing = try #require(figures.pairing)
        #expect(pairing.scores.total == 1560)
        #expect(pairing.distanceBuckets.reduce(0) { $0 + $1.count } == 1560)
        #expect(pairing.listSizes.reduce(0, +) == 245)
        // The Lorenz curve is built from the pairings table; its Gini equals the stage's own (pairing_summary.json).
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.sample.appendingPathComponent("pairing_summary.json"))) as? [String: Any]
        let stageGini = try #require(summary?["exposure_gini"] as? Double)
        #expect(NumberText.fixed(pairing.exposure.gini, 4) == NumberText.fixed(stageGini, 4))
        #expect(pairing.exposure.players == 236 && pairing.exposure.total == 1560)
        #expect(pairing.topGames.reduce(0) { $0 + $1.count } <= 1560 && !pairing.topGames.isEmpty)
        let funnel = try #require(figures.matches)
        #expect(funnel.proposals == 1560 && funnel.accepts == 93 && funnel.matches == 33)
        let trades = try #require(figures.trades)
        #expect(trades.loopSizes.count == 8 && trades.trades == 22)
        #expect(trades.sampleLoops.count == 4)
        #expect(trades.optimal == true && trades.itemsUpperBound == 22 && trades.stopReason == nil && trades.gap == nil)
        // Each drawn loop is closed: every receiver is a giver of the same loop (rows go backwards along the loop).
        #expect(trades.sampleLoops.allSatisfy { loop in loop.indices.allSatisfy { loop[($0 + 1) % loop.count].receiver == loop[$0].giver } })
        #expect(figures.lobbies?.playersAsking == 0)
        #expect(figures.dota == nil && figures.player == nil && figures.previousHeadline == nil)
        #expect(figures.headline?.figures["pairings"] == 1560)
    }

    @Test func anOlderOutputWithoutLaterStagesLeavesThemOut() throws {
        let dir = try RepositoryPaths.temporaryDirectory("report-old")
        for name in ["run_summary.json", "players.csv", "diagnostics.json", "manifest.json"] {
            try FileManager.default.copyItem(at: Self.sample.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        let figures = try ReportReader.read(dir)
        #expect(figures.ingest != nil && figures.density != nil)
        #expect(figures.pairing == nil && figures.matches == nil && figures.trades == nil && figures.lobbies == nil && figures.dota == nil)
        let html = String(decoding: ReportPage.render(figures), as: UTF8.self)
        #expect(html.contains("<section id=\"map\">") && !html.contains("id=\"pairing\""))
        // An empty directory still renders a page.
        let empty = try RepositoryPaths.temporaryDirectory("report-empty")
        #expect(String(decoding: try ReportJob.render(outputDirectory: empty), as: UTF8.self).contains("holds none of the files"))
    }

    @Test func dotaTablesAndAPlayersProgress() throws {
        let dir = try RepositoryPaths.temporaryDirectory("report-dota")
        try Data("match_id,winner,start_time\r\n1,radiant,0\r\n2,dire,0\r\n3,,0\r\n4,radiant,0\r\n".utf8)
            .write(to: dir.appendingPathComponent("dota_matches.csv"))
        try Data("""
        match_id,player_slot,side,steamid,hero_id,hero_name,won\r
        1,0,radiant,76561198000000001,2,Axe,true\r
        1,128,dire,,26,Lion,false\r
        2,0,radiant,76561198000000001,2,Axe,false\r
        2,128,dire,,0,,true\r
        4,0,radiant,76561198000000001,99,,true\r

        """.utf8).write(to: dir.appendingPathComponent("dota_match_players.csv"))
        try Data("""
        steamid,scope,hero_id,hero_name,week,week_start,games,wins,win_rate,cumulative_games,cumulative_wins,cumulative_win_rate\r
        76561198000000001,overall,,,2013-W27,2013-07-01,1,1,1.0,2,1,0.5\r
        76561198000000001,hero,2,Axe,2013-W26,2013-06-24,1,0,0.0,1,0,0.0\r
        76561198000000001,overall,,,2013-W26,2013-06-24,1,0,0.0,1,0,0.0\r
        76561198000000002,overall,,,2013-W26,2013-06-24,3,3,1.0,3,3,1.0\r

        """.utf8).write(to: dir.appendingPathComponent("dota_progress.csv"))
        let figures = try ReportReader.read(dir, player: "76561198000000001")
        let dota = try #require(figures.dota)
        #expect(dota.matches == 4)
        #expect(dota.winners == [NamedCount("radiant", 2), NamedCount("dire", 1), NamedCount("unknown", 1)])
        #expect(dota.sides == [NamedCount("radiant", 3), NamedCount("dire", 2)])
        // hero_id 0 is "no hero"; a hero without a name is shown by id.
        #expect(dota.heroPicks == [NamedCount("Axe", 2), NamedCount("Lion", 1), NamedCount("hero 99", 1)])
        #expect(dota.heroWins["Axe"] == 1 && dota.heroWins["hero 99"] == 1)
        let player = try #require(figures.player)
        #expect(player.weeks.map(\.week) == ["2013-W26", "2013-W27"])
        #expect(player.weeks.last?.cumulativeWins == 1 && player.weeks.last?.cumulativeGames == 2)
        let html = String(decoding: ReportPage.render(figures), as: UTF8.self)
        #expect(html.contains("<section id=\"dota\">") && html.contains("<section id=\"player\">"))
        #expect(html.contains("2013-W27: 1 of 1 won; cumulative 1 of 2"))
    }
}
