import PlayerModel
import SyntheticData
import Testing
@testable import Pairing

/// `explain(_:_:into:)` takes two paths: a first explanation through a figures value merges the two vectors, later
/// ones mark the list owner's vector once. Both must give the same figures, whatever the order of owners and
/// whichever population the reused figures last explained.
@Suite struct PairExplanationFiguresTests {
    static func same(_ a: PairExplanationFigures, _ b: PairExplanationFigures) -> Bool {
        a.cited == b.cited && a.dot == b.dot && a.sharedGames == b.sharedGames && a.favouriteHits == b.favouriteHits
            && a.theirFavouriteHits == b.theirFavouriteHits && a.recentGames == b.recentGames
            && a.distanceKm == b.distanceKm && a.sharedLanguage == b.sharedLanguage
            && a.availabilityOverlapHours == b.availabilityOverlapHours && a.fitYou == b.fitYou && a.fitThem == b.fitThem
    }

    /// Every emitted pair, explained through one reused figures value (owners in list order, then in reverse, so
    /// the owner changes back and forth), equals a fresh explanation (the merge), with both limits of cited games.
    @Test(arguments: [(UInt64(5), 0.1), (UInt64(6), 0.8)])
    func reusedFiguresEqualFreshOnes(seed: UInt64, share: Double) {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 1_200, seed: seed, shareAnywhere: share))
        let p = PreparedPopulation(dataset: dataset, config: PairingConfig(k: 6))
        let lists = BulkPairer.pair(p).lists
        var pairs: [(Int, Int)] = []
        for u in 0..<p.count { for c in lists.list(u) { pairs.append((u, Int(c.other))) } }
        #expect(pairs.count > 1_000)
        var reused = PairExplanationFigures()
        var favouriteHits = 0, recent = 0
        for (u, v) in pairs + pairs.reversed() {
            for limit in [3, 1] {
                p.explain(u, v, into: &reused, topGames: limit)
                var fresh = PairExplanationFigures()
                p.explain(u, v, into: &fresh, topGames: limit)
                #expect(Self.same(reused, fresh), "pair \(u) \(v)")
                favouriteHits += reused.favouriteHits.count + reused.theirFavouriteHits.count
                recent += reused.recentGames.count
            }
        }
        // The populations exercise the favourite and recent branches.
        #expect(favouriteHits > 0)
        #expect(recent > 0)
    }

    /// A figures value reused across two populations starts afresh on the second (no stale marks).
    @Test func reusedAcrossPopulations() {
        let a = PreparedPopulation(dataset: SyntheticPopulation.generate(SyntheticPopulationConfig(players: 400, seed: 8)),
                                   config: PairingConfig(k: 5))
        let b = PreparedPopulation(dataset: SyntheticPopulation.generate(SyntheticPopulationConfig(players: 400, seed: 9)),
                                   config: PairingConfig(k: 5))
        var reused = PairExplanationFigures()
        for (p, lists) in [(a, BulkPairer.pair(a).lists), (b, BulkPairer.pair(b).lists), (a, BulkPairer.pair(a).lists)] {
            for u in 0..<p.count {
                for c in lists.list(u) {
                    p.explain(u, Int(c.other), into: &reused)
                    var fresh = PairExplanationFigures()
                    p.explain(u, Int(c.other), into: &fresh)
                    #expect(Self.same(reused, fresh))
                }
            }
        }
    }

    /// The prefetch hints take any index or rank, including ones outside the population or the list and a player
    /// with no games (the last player's vector starts at the column's end), and change no explanation.
    @Test func prefetchIsAHintOnly() {
        var dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 300, seed: 4))
        let last = dataset.players[dataset.players.count - 1].steamID
        dataset.games.removeAll { $0.steamID == last }
        let p = PreparedPopulation(dataset: dataset, config: PairingConfig(k: 5))
        let lists = BulkPairer.pair(p).lists
        for v in [-1, 0, p.count - 1, p.count, Int.max] {
            p.prefetchPartner(v)
            p.prefetchPartnerStart(v)
        }
        var hinted = PairExplanationFigures(), plain = PairExplanationFigures()
        for u in 0..<p.count {
            let list = lists.list(u)
            for rank in [-5, -1, list.count, list.count + 3] { p.prefetchExplanations(list, explaining: rank) }
            for (rank, c) in list.enumerated() {
                p.prefetchExplanations(list, explaining: rank)
                p.prefetchPartner(Int(c.other))
                p.explain(u, Int(c.other), into: &hinted)
                p.explain(u, Int(c.other), into: &plain)
                #expect(Self.same(hinted, plain))
            }
        }
    }
}
