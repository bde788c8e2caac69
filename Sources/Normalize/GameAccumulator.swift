import Ingest
import PlayerModel

/// One (player, game) while documents arrive. Lifetime minutes prefer exact JSON minutes over XML hours,
/// then the higher `SourceRank`; other fields take the highest-ranked source that states them.
struct GameAccumulator: Sendable {
    var name = RankedValue<String>()
    var minutes2Weeks = RankedValue<Int>()
    var lastPlayed = RankedValue<Int64>()
    private var minutesTotal: Int?
    private var minutesRank: (exact: Bool, rank: SourceRank)?
    var sources: Set<String> = []

    mutating func add(_ game: GameFacts, exactMinutes: Bool, rank: SourceRank, source: String) {
        name.offer(game.name, rank: rank)
        minutes2Weeks.offer(game.minutes2Weeks, rank: rank)
        lastPlayed.offer(game.lastPlayed, rank: rank)
        sources.insert(source)
        guard let minutes = game.minutesTotal else { return }
        if let current = minutesRank {
            let better = exactMinutes != current.exact ? exactMinutes : rank > current.rank
            guard better else { return }
        }
        minutesTotal = minutes
        minutesRank = (exactMinutes, rank)
    }

    func resolve(_ key: GameKey) -> PlayerGame {
        PlayerGame(steamID: key.player, appID: key.appID, name: name.value, minutesTotal: minutesTotal ?? 0,
                   minutes2Weeks: minutes2Weeks.value, lastPlayed: lastPlayed.value, sources: sources.sorted())
    }
}
