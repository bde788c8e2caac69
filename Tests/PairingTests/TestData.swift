import PlayerModel
@testable import Pairing

/// Small helpers shared by the pairing tests.
enum TestData {
    /// Clones players in runs of `run` (dataset sorted by steamid): each clone takes the run's first player's
    /// library, location and preferences under its own steamid, so scores tie across every run.
    static func clone(_ d: inout PlayerDataset, run: Int) {
        d.players.sort { $0.steamID < $1.steamID }
        let rowsOf = Dictionary(grouping: d.games, by: \.steamID)
        let preferenceOf = Dictionary(d.preferences.map { ($0.steamID, $0) }, uniquingKeysWith: { a, _ in a })
        var games: [PlayerGame] = [], preferences: [PlayerPreferences] = []
        for i in d.players.indices {
            let template = d.players[i - i % run]
            let id = d.players[i].steamID
            d.players[i].latitude = template.latitude
            d.players[i].longitude = template.longitude
            d.players[i].locationAccuracyKm = template.locationAccuracyKm
            for var g in rowsOf[template.steamID] ?? [] { g.steamID = id; games.append(g) }
            if var pr = preferenceOf[template.steamID] { pr.steamID = id; preferences.append(pr) }
        }
        d.games = games
        d.preferences = preferences
    }

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
