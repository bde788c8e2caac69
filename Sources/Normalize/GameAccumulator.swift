import Ingest
import PlayerModel

/// One (player, game) while documents arrive. Lifetime minutes prefer exact JSON minutes over XML hours,
/// then the higher `SourceRank`; other fields take the highest-ranked source that states them.
struct GameAccumulator: Sendable, Codable {
    var name = RankedValue<String>()
    var minutes2Weeks = RankedValue<Int>()
    var lastPlayed = RankedValue<Int64>()
    private var minutesTotal: Int?
    private var minutesRank: MinutesRank?
    var sources: Set<String> = []

    mutating func add(_ game: GameFacts, exactMinutes: Bool, rank: SourceRank, source: String) {
        name.offer(game.name, rank: rank)
        minutes2Weeks.offer(game.minutes2Weeks, rank: rank)
        lastPlayed.offer(game.lastPlayed, rank: rank)
        sources.insert(source)
        guard let minutes = game.minutesTotal else { return }
        offerMinutes(minutes, MinutesRank(exact: exactMinutes, rank: rank))
    }

    /// Exact (JSON) minutes beat XML hours; then the higher source rank.
    private mutating func offerMinutes(_ minutes: Int, _ candidate: MinutesRank) {
        if let current = minutesRank {
            let better = candidate.exact != current.exact ? candidate.exact : candidate.rank > current.rank
            guard better else { return }
        }
        minutesTotal = minutes
        minutesRank = candidate
    }

    mutating func merge(_ other: GameAccumulator) {
        name.merge(other.name)
        minutes2Weeks.merge(other.minutes2Weeks)
        lastPlayed.merge(other.lastPlayed)
        sources.formUnion(other.sources)
        if let minutes = other.minutesTotal, let rank = other.minutesRank { offerMinutes(minutes, rank) }
    }

    struct MinutesRank: Sendable, Codable {
        var exact: Bool
        var rank: SourceRank
    }

    func resolve(_ key: GameKey) -> PlayerGame {
        PlayerGame(steamID: key.player, appID: key.appID, name: name.value, minutesTotal: minutesTotal ?? 0,
                   minutes2Weeks: minutes2Weeks.value, lastPlayed: lastPlayed.value, sources: sources.sorted())
    }
}
