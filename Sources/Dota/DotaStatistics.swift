import Ingest
import PlayerModel

/// Per-player statistics and weekly progress from merged matches. Pure: no I/O, deterministic order.
/// Only players with a public account id get rows; anonymous players and bots count in no one's figures.
public enum DotaStatistics {
    /// Stats for every public player, sorted by SteamID64.
    public static func playerStats(_ matches: [DotaMatch]) -> [DotaPlayerStats] {
        let index = DotaPlayerIndex(matches)
        return (0..<index.count).map { index.stats(of: $0) }
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
        let index = DotaPlayerIndex(matches)
        return (0..<index.count).flatMap { index.progress(of: $0) }
    }
}
