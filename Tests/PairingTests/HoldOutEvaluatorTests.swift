import PlayerModel
import SyntheticData
import Testing
@testable import Pairing

@Suite struct HoldOutEvaluatorTests {
    @Test func evaluatesEveryPlayerWithFivePlayedGamesDeterministically() {
        let d = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 1_000, seed: 2))
        var played: [SteamID64: Set<UInt32>] = [:]
        for g in d.games where g.minutesTotal > 0 { played[g.steamID, default: []].insert(g.appID) }
        let eligible = played.values.filter { $0.count >= 5 }.count
        let a = HoldOutEvaluator.evaluate(d, mode: .uniform, seed: 3, config: PairingConfig())
        let b = HoldOutEvaluator.evaluate(d, mode: .uniform, seed: 3, config: PairingConfig(threads: 2))
        let same = a == b
        #expect(same)
        #expect(a.evaluatedPlayers == eligible)
        #expect(a.hits <= a.evaluatedPlayers && a.baselineHits <= a.evaluatedPlayers)
        #expect(a.baselineHits > 0)
        let weighted = HoldOutEvaluator.evaluate(d, mode: .hoursWeighted, seed: 3, config: PairingConfig())
        #expect(weighted.evaluatedPlayers == eligible)
    }

    @Test func twinsRecoverEachOthersHiddenGame() throws {
        // Two identical libraries in one city plus a crowd that plays only popular games: pairing finds the twin.
        var d = PlayerDataset()
        let games: [UInt32] = [10, 20, 30, 40, 50, 60]
        for i in 1...40 {
            let id = try #require(SteamID64(accountID: UInt32(i)))
            var p = Player(steamID: id, visibility: .public)
            p.latitude = 52.52; p.longitude = 13.40; p.locationAccuracyKm = 5; p.gamesKnown = true
            d.players.append(p)
            let mine: [UInt32] = i <= 2 ? games : [10, 20, 900 + UInt32(i), 1_000 + UInt32(i), 1_100 + UInt32(i)]
            for g in mine { d.games.append(PlayerGame(steamID: id, appID: g, minutesTotal: 600)) }
        }
        let r = HoldOutEvaluator.evaluate(d, mode: .uniform, seed: 1, config: PairingConfig(), neighbours: 5, cutoff: 1)
        #expect(r.evaluatedPlayers == 40)
        #expect(r.hits >= 2)
    }

    @Test func pairingBeatsPopularityOnTasteCommunities() {
        // The generator's taste communities give co-play structure: suggestions from pairings must find more
        // hidden (most-played) games than the most popular games do. Without communities they do not.
        let d = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 4_000, seed: 7))
        let r = HoldOutEvaluator.evaluate(d, mode: .hoursWeighted, seed: 7, config: PairingConfig())
        #expect(r.evaluatedPlayers > 3_000)
        #expect(r.baselineHitRate > 0.15, "popularity \(r.baselineHitRate)")
        #expect(r.hitRate > r.baselineHitRate + 0.015, "pairing \(r.hitRate) vs popularity \(r.baselineHitRate)")
    }
}
