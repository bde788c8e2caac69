import PlayerModel
@testable import Pairing

/// Small helpers shared by the pairing tests.
enum TestData {
    /// Friendships plus every 17th pair of consecutive players as a rejected pair.
    static func exclusions(from dataset: PlayerDataset) -> PairExclusions {
        var e = PairExclusions()
        for f in dataset.friendships { e.exclude(f.a, f.b) }
        let ids = dataset.players.map(\.steamID).sorted()
        var i = 0
        while i + 1 < ids.count {
            e.exclude(ids[i], ids[i + 1])
            e.excludeDirected(from: ids[i + 1], to: ids[(i + 5) % ids.count])
            i += 17
        }
        return e
    }
}
