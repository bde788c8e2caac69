import Ingest
import PlayerModel

/// Per-player statistics and weekly progress from merged matches. Pure: no I/O, deterministic order.
/// Only players with a public account id get rows; anonymous players and bots count in no one's figures.
public enum DotaStatistics {
    /// One `(player, match)` appearance.
    struct Appearance {
        var match: Int
        var player: DotaPlayerFacts
    }

    /// Appearances of each public player, players sorted by SteamID64, appearances in match order.
    static func appearances(in matches: [DotaMatch]) -> [(SteamID64, [Appearance])] {
        var byPlayer: [SteamID64: [Appearance]] = [:]
        for (index, match) in matches.enumerated() {
            for player in match.facts.players {
                guard let id = player.account.steamID else { continue }
                byPlayer[id, default: []].append(Appearance(match: index, player: player))
            }
        }
        return byPlayer.keys.sorted().map { ($0, byPlayer[$0]!) }
    }

    /// Stats for every public player, sorted by SteamID64.
    public static func playerStats(_ matches: [DotaMatch]) -> [DotaPlayerStats] {
        appearances(in: matches).map { id, list in stats(id, list, matches) }
    }

    static func stats(_ id: SteamID64, _ list: [Appearance], _ matches: [DotaMatch]) -> DotaPlayerStats {
        var result = DotaPlayerStats(steamID: id, matches: 0, decided: 0, wins: 0, radiantMatches: 0, durationTotal: 0,
                                     durationCount: 0, abandons: 0, heroes: [], firstMatch: nil, lastMatch: nil)
        var heroes: [Int: DotaPlayerStats.HeroRecord] = [:]
        for appearance in list {
            let match = matches[appearance.match]
            let player = appearance.player
            result.matches += 1
            if !player.isDire { result.radiantMatches += 1 }
            let won = match.won(player)
            if let won {
                result.decided += 1
                if won { result.wins += 1 }
            }
            if let duration = match.facts.duration {
                result.durationTotal += duration
                result.durationCount += 1
            }
            if let leaver = player.leaverStatus, leaver >= 2 { result.abandons += 1 }
            if let start = match.facts.startTime {
                result.firstMatch = min(result.firstMatch ?? start, start)
                result.lastMatch = max(result.lastMatch ?? start, start)
            }
            if let hero = player.heroID {
                var record = heroes[hero] ?? .init(heroID: hero, games: 0, decided: 0, wins: 0)
                record.games += 1
                if let won {
                    record.decided += 1
                    if won { record.wins += 1 }
                }
                heroes[hero] = record
            }
        }
        result.heroes = heroes.values.sorted {
            ($0.games, $0.wins, -$0.heroID) > ($1.games, $1.wins, -$1.heroID)
        }
        return result
    }

    /// One week of one scope of a player's progress.
    public struct WeekRow: Sendable, Equatable {
        public var steamID: SteamID64
        /// `nil` for the overall series, else the hero of one of the player's five most-played heroes.
        public var heroID: Int?
        public var week: ISOWeek
        /// Decided games that week, and wins among them.
        public var games: Int
        public var wins: Int
        /// Running totals up to and including this week (the chart's line).
        public var cumulativeGames: Int
        public var cumulativeWins: Int
    }

    /// Win rate by ISO week (UTC) for each player, overall and for each of their top five heroes. Only
    /// matches with a known start and winner count. Rows: by player, overall first then heroes by id, weeks
    /// in order; weeks without a decided game are absent.
    public static func progress(_ matches: [DotaMatch]) -> [WeekRow] {
        var rows: [WeekRow] = []
        for (id, list) in appearances(in: matches) {
            let top = stats(id, list, matches).topHeroes.map(\.heroID)
            var series: [Int?: [ISOWeek: (games: Int, wins: Int)]] = [nil: [:]]
            for hero in top { series[hero] = [:] }
            for appearance in list {
                let match = matches[appearance.match]
                guard let start = match.facts.startTime, let won = match.won(appearance.player) else { continue }
                let week = ISOWeek(unixSeconds: start)
                let hero = appearance.player.heroID
                let scopes: [Int?] = hero.map { top.contains($0) } == true ? [nil, hero] : [nil]
                for scope in scopes {
                    var entry = series[scope]![week] ?? (0, 0)
                    entry.games += 1
                    if won { entry.wins += 1 }
                    series[scope]![week] = entry
                }
            }
            for scope in [nil] + top.sorted().map(Optional.some) {
                var games = 0
                var wins = 0
                for week in series[scope]!.keys.sorted() {
                    let entry = series[scope]![week]!
                    games += entry.games
                    wins += entry.wins
                    rows.append(WeekRow(steamID: id, heroID: scope, week: week, games: entry.games, wins: entry.wins,
                                        cumulativeGames: games, cumulativeWins: wins))
                }
            }
        }
        return rows
    }
}
