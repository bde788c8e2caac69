import Ingest
import PlayerModel

/// One (player, game) while documents arrive. Lifetime minutes prefer exact JSON minutes over XML hours,
/// then the higher `SourceRank`; other fields take the highest-ranked source that states them.
struct GameAccumulator: Sendable {
    var name = RankedValue<String>()
    var minutes2Weeks = RankedValue<Int>()
    var lastPlayed = RankedValue<Int64>()
    var minutesTotal: Int?
    var minutesRank: MinutesRank?
    var sources = SourceRefs()

    mutating func add(_ game: GameFacts, exactMinutes: Bool, rank: RankRef, in table: RankTable) {
        name.offer(game.name, rank: rank, in: table)
        minutes2Weeks.offer(game.minutes2Weeks, rank: rank, in: table)
        lastPlayed.offer(game.lastPlayed, rank: rank, in: table)
        sources.insert(rank)
        guard let minutes = game.minutesTotal else { return }
        offerMinutes(minutes, MinutesRank(exact: exactMinutes, rank: rank), in: table)
    }

    /// Exact (JSON) minutes beat XML hours; then the higher source rank.
    private mutating func offerMinutes(_ minutes: Int, _ candidate: MinutesRank, in table: RankTable) {
        if let current = minutesRank {
            let better = candidate.exact != current.exact ? candidate.exact : table.outranks(candidate.rank, current.rank)
            guard better else { return }
        }
        minutesTotal = minutes
        minutesRank = candidate
    }

    mutating func merge(_ other: GameAccumulator, shift: UInt32, in table: RankTable) {
        name.merge(other.name, shift: shift, in: table)
        minutes2Weeks.merge(other.minutes2Weeks, shift: shift, in: table)
        lastPlayed.merge(other.lastPlayed, shift: shift, in: table)
        sources.formUnion(other.sources, shift: shift)
        if let minutes = other.minutesTotal, let rank = other.minutesRank {
            offerMinutes(minutes, MinutesRank(exact: rank.exact, rank: rank.rank.shifted(by: shift)), in: table)
        }
    }

    struct MinutesRank: Sendable {
        var exact: Bool
        var rank: RankRef
    }

    func resolve(_ key: GameKey, ranks: RankTable) -> PlayerGame {
        PlayerGame(steamID: key.player, appID: key.appID, name: name.value, minutesTotal: minutesTotal ?? 0,
                   minutes2Weeks: minutes2Weeks.value, lastPlayed: lastPlayed.value, sources: sources.sources(in: ranks))
    }
}
