import Dota
import Ingest
import PipelineCore
import PlayerModel
import Testing

/// A small hand-built history whose figures are worked out by hand in the comments.
enum HandBuiltHistory {
    static let p = SteamID64(accountID: 1)!
    static let q = SteamID64(accountID: 2)!

    static func player(_ id: SteamID64?, slot: UInt8, hero: Int?, leaver: Int? = nil) -> DotaPlayerFacts {
        var player = DotaPlayerFacts(account: id.map(DotaAccount.player) ?? .anonymous, slot: slot, heroID: hero)
        player.leaverStatus = leaver
        return player
    }

    static func match(_ id: UInt64, start: Int64, duration: Int?, radiantWin: Bool?, _ players: [DotaPlayerFacts]) -> DotaMatch {
        var facts = DotaMatchFacts(matchID: id, players: players, isDetailed: radiantWin != nil)
        facts.startTime = start
        facts.duration = duration
        facts.radiantWin = radiantWin
        return DotaMatch(facts: facts, sources: ["x.json"], location: SourceLocation(file: "x.json"))
    }

    /// m1 Mon 2024-01-01 (2024-W01) radiant won: P radiant CM (5) wins, Q dire AM (1) loses.
    /// m2 Wed 2024-01-03 (W01) dire won: P radiant CM loses, Q radiant Lion (26) loses and abandons (3).
    /// m3 Mon 2024-01-08 (W02) dire won: P dire Juggernaut (8) wins.
    /// m4 Tue 2024-01-09 (W02) history entry, winner unknown: P radiant CM; an anonymous player.
    static let matches: [DotaMatch] = [
        match(1, start: 1_704_067_200, duration: 1_800, radiantWin: true,
              [player(p, slot: 0, hero: 5), player(q, slot: 128, hero: 1)]),
        match(2, start: 1_704_240_000, duration: 2_400, radiantWin: false,
              [player(p, slot: 1, hero: 5), player(q, slot: 2, hero: 26, leaver: 3)]),
        match(3, start: 1_704_672_000, duration: 3_000, radiantWin: false, [player(p, slot: 130, hero: 8)]),
        match(4, start: 1_704_758_400, duration: nil, radiantWin: nil, [player(p, slot: 3, hero: 5), player(nil, slot: 4, hero: 2)]),
    ]
}

@Suite struct DotaStatisticsTests {
    typealias H = HandBuiltHistory

    @Test func playerStatsEqualHandComputedValues() throws {
        let stats = DotaStatistics.playerStats(H.matches)
        #expect(stats.map(\.steamID) == [H.p, H.q])          // the anonymous player gets no row
        let p = stats[0]
        #expect(p.matches == 4)
        #expect(p.decided == 3)                               // m4 has no winner
        #expect(p.wins == 2)                                  // m1 and m3
        #expect(p.winRate == 2.0 / 3.0)
        #expect(p.radiantMatches == 3)
        #expect(p.radiantShare == 0.75)
        #expect(p.favouriteSide == "radiant")
        #expect(p.averageDuration == 2_400)                   // (1800 + 2400 + 3000) / 3
        #expect(p.abandons == 0)
        #expect(p.heroes == [.init(heroID: 5, games: 3, decided: 2, wins: 1), .init(heroID: 8, games: 1, decided: 1, wins: 1)])
        #expect(p.roles == [.support, .carry])                // support 3 of 4 games, carry 1 of 4 (a quarter)
        #expect(p.firstMatch == 1_704_067_200)
        #expect(p.lastMatch == 1_704_758_400)
        let q = stats[1]
        #expect(q.matches == 2)
        #expect(q.wins == 0)
        #expect(q.winRate == 0)
        #expect(q.favouriteSide == "even")
        #expect(q.abandons == 1)
        #expect(q.averageDuration == 2_100)
        #expect(q.roles == [.carry, .support])                // AM carry, Lion support: one game each
    }

    @Test func progressEqualsHandComputedWeeks() {
        let rows = DotaStatistics.progress(H.matches).filter { $0.steamID == H.p }
        let summary = rows.map { "\($0.heroID.map(String.init) ?? "all") \($0.week.label) \($0.games)/\($0.wins) \($0.cumulativeGames)/\($0.cumulativeWins)" }
        #expect(summary == [
            "all 2024-W01 2/1 2/1",
            "all 2024-W02 1/1 3/2",        // m4 is undecided
            "5 2024-W01 2/1 2/1",
            "8 2024-W02 1/1 1/1",
        ])
        #expect(rows[0].week.mondayText == "2024-01-01")
        #expect(rows[1].week.mondayText == "2024-01-08")
    }

    @Test func tablesRenderTheFigures() {
        let dataset = DotaDataset(matches: H.matches, heroes: [DotaHeroFacts(id: 5, localizedName: "Crystal Maiden")],
                                  heroSources: [["h.json"]], hasHeroList: true)
        let tables = DotaTables.tables(for: dataset)
        #expect(tables.map(\.name) == ["dota_matches", "dota_match_players", "dota_heroes", "dota_player_stats", "dota_progress"])
        let stats = tables[3]
        let p = stats.rows[0]
        #expect(p[stats.columns.firstIndex(of: "win_rate")!] == .fixed(2.0 / 3.0, places: 4))
        #expect(p[stats.columns.firstIndex(of: "roles")!] == .list([.string("carry"), .string("support")]))
        let players = tables[1]
        #expect(players.rows.count == 7)
        let anonymous = players.rows.first { $0[players.columns.firstIndex(of: "account")!] == .string("anonymous") }!
        #expect(anonymous[players.columns.firstIndex(of: "steamid")!] == .null)
        #expect(tables[0].rows[3][tables[0].columns.firstIndex(of: "winner")!] == .null)
    }
}
