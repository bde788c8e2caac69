import Pairing
import PipelineCore

/// A warning when one reason leaves a large share of the players without pairings, so a run that pairs
/// nobody (or nearly nobody) for a fixable reason does not pass silently:
/// `warning: 3000 of 3000 players have no location: … [pair.unpairedShare]`.
public enum UnpairedShareWarning {
    /// One reason must account for at least this share of all players…
    public static let share = 0.5
    /// …and at least this many players.
    public static let minimumPlayers = 10

    /// The warnings for `summary` (at most one per reason, in reason order).
    public static func diagnostics(for summary: PairingSummary) -> [Diagnostic] {
        UnpairedReason.allCases.compactMap { reason in
            let count = summary.unpairedByReason[reason.rawValue] ?? 0
            guard count >= minimumPlayers, Double(count) >= share * Double(summary.players) else { return nil }
            return .warning("pair.unpairedShare", "\(count) of \(summary.players) players \(explanation(reason))")
        }
    }

    static func explanation(_ reason: UnpairedReason) -> String {
        switch reason {
        case .noGames: "have no played game or favourite (private or empty libraries)"
        case .noLocation: "have no location: convert with the location table (the default, or --locations) or set anywhere"
        case .noOneInRange: "have nobody within their distance cap: raise default_max_distance_km / --default-max-distance or set anywhere"
        case .noSharedGames: "share no game with anyone in range: lower min_shared_games"
        case .allExcluded: "have everyone in range excluded (friends, rejections, matches, filters)"
        case .exposureCap: "lost every candidate to the exposure cap: raise exposure_cap"
        }
    }
}
