import PipelineCore
import PlayerModel

/// Offline quality: hide one played game per player (players with ≥ 5 played games), pair the population with
/// those games removed, and check whether the hidden game is among the 10 games the player's top-50 pairings
/// suggest (games the player does not have, ranked by the summed scores of the pairings that play them,
/// ties by appid). Two baselines on the same hidden games: popularity (the 10 most-played games, by players,
/// the player does not have), and a plain binary-IDF cosine (`CosineNeighbours`: the player's 50 most similar
/// players by cosine over played games, votes summed by cosine), so any dataset shows whether the pairing
/// score earns its complexity. All hidden games are removed at once (one pairing run), favourites included.
public enum HoldOutEvaluator {
    public enum Mode: String, Sendable, CaseIterable {
        /// Each played game equally likely.
        case uniform
        /// Probability proportional to the player's minutes in the game.
        case hoursWeighted = "hours_weighted"
    }

    public struct Report: Sendable, Hashable {
        public var mode: Mode
        public var evaluatedPlayers: Int
        public var playersWithPairings: Int
        public var hits: Int
        public var baselineHits: Int
        /// Hits of the binary-IDF cosine baseline.
        public var cosineHits: Int
        public var cosineHitRate: Double { evaluatedPlayers == 0 ? 0 : Double(cosineHits) / Double(evaluatedPlayers) }
        public var hitRate: Double { evaluatedPlayers == 0 ? 0 : Double(hits) / Double(evaluatedPlayers) }
        public var baselineHitRate: Double { evaluatedPlayers == 0 ? 0 : Double(baselineHits) / Double(evaluatedPlayers) }
    }

    public static func evaluate(_ dataset: PlayerDataset, mode: Mode, seed: UInt64, config base: PairingConfig,
                                neighbours: Int = 50, cutoff: Int = 10) -> Report {
        var rng = SeededGenerator(seed: seed)
        // Played games per player, in (steamid, appid) order.
        var sorted = dataset
        sorted.sortCanonically()
        var played: [SteamID64: [PlayerGame]] = [:]
        for g in sorted.games where g.minutesTotal > 0 { played[g.steamID, default: []].append(g) }
        var hidden: [SteamID64: UInt32] = [:]
        for p in sorted.players {
            guard let games = played[p.steamID], Set(games.map(\.appID)).count >= 5 else { continue }
            let pick: PlayerGame
            switch mode {
            case .uniform:
                pick = games[Int(rng.next() % UInt64(games.count))]
            case .hoursWeighted:
                let total = games.reduce(0) { $0 + $1.minutesTotal }
                var r = Int(rng.next() % UInt64(total))
                var chosen = games[games.count - 1]
                for g in games {
                    if r < g.minutesTotal { chosen = g; break }
                    r -= g.minutesTotal
                }
                pick = chosen
            }
            hidden[p.steamID] = pick.appID
        }
        var reduced = sorted
        reduced.games = sorted.games.filter { hidden[$0.steamID] != $0.appID }
        reduced.preferences = sorted.preferences.map { prefs in
            var p = prefs
            if let h = hidden[p.steamID] { p.favoriteAppIDs.removeAll { $0 == h } }
            return p
        }
        var config = base
        config.k = neighbours
        config.exposureCapFactor = nil
        let exclusions = PairExclusions(pairs: reduced.friendships.map { ($0.a, $0.b) })
        let population = PreparedPopulation(dataset: reduced, exclusions: exclusions, config: config)
        let lists = BulkPairer.pair(population).lists

        // What each player has (any row, played or not), and what each plays.
        var owned = [[UInt32]](repeating: [], count: population.count)
        var playing = [[UInt32]](repeating: [], count: population.count)
        var popularity: [UInt32: Int] = [:]
        for g in reduced.games {
            guard let i = population.index(of: g.steamID) else { continue }
            owned[i].append(g.appID)
            if g.minutesTotal > 0 { playing[i].append(g.appID); popularity[g.appID, default: 0] += 1 }
        }
        let popular = popularity.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)

        var gameIndex: [UInt32: Int] = [:]
        for app in popularity.keys.sorted() { gameIndex[app] = gameIndex.count }
        let cosine = CosineNeighbours.neighbours(
            games: playing.map { Array(Set($0.map { gameIndex[$0]! })).sorted() }, gameCount: gameIndex.count,
            neighbours: neighbours)

        var report = Report(mode: mode, evaluatedPlayers: 0, playersWithPairings: 0, hits: 0, baselineHits: 0,
                            cosineHits: 0)
        func topVotes(_ votes: [UInt32: Double]) -> [UInt32] {
            votes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(cutoff).map(\.key)
        }
        for (u, id) in population.steamIDs.enumerated() {
            guard let target = hidden[id] else { continue }
            report.evaluatedPlayers += 1
            let has = Set(owned[u])
            var baseline: [UInt32] = []
            for app in popular where !has.contains(app) {
                baseline.append(app)
                if baseline.count == cutoff { break }
            }
            if baseline.contains(target) { report.baselineHits += 1 }
            let list = lists.list(u)
            if !list.isEmpty { report.playersWithPairings += 1 }
            var votes: [UInt32: Double] = [:]
            for c in list {
                for app in playing[Int(c.other)] where !has.contains(app) {
                    votes[app, default: 0] += ScoreModel.scoreValue(c.score)
                }
            }
            if topVotes(votes).contains(target) { report.hits += 1 }
            var cosineVotes: [UInt32: Double] = [:]
            for c in cosine[u] {
                for app in playing[c.other] where !has.contains(app) { cosineVotes[app, default: 0] += c.similarity }
            }
            if topVotes(cosineVotes).contains(target) { report.cosineHits += 1 }
        }
        return report
    }
}
