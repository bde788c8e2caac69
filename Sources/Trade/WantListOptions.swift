/// How a want-list rank becomes an edge cost (TradeMaximizer's `*-PRIORITIES` options).
public enum PriorityScheme: String, Sendable, Hashable, Codable {
    case none, linear, triangle, square, explicit

    /// Largest edge cost; larger ranks saturate here so that no sum in the solver can overflow.
    public static let maximumCost: Int64 = 1_000_000_000_000

    /// Cost of a want at `rank` (1-based). `.none` makes every want cost 1.
    public func cost(rank: Int64) -> Int64 {
        let r = min(max(rank, 0), 2_000_000)
        let cost: Int64
        switch self {
        case .none: cost = 1
        case .linear, .explicit: cost = min(rank, Self.maximumCost)
        case .triangle: cost = r * (r + 1) / 2
        case .square: cost = r * r
        }
        return min(max(cost, 0), Self.maximumCost)
    }
}

/// The `#!` options of a want-list file that change parsing or solving. Output-only options of
/// TradeMaximizer (`SHOW-*`, `HIDE-*`, `ITERATIONS`, `SEED`, `SHRINK`, …) are accepted and kept in
/// `accepted` but have no effect: the solver is deterministic and needs no restarts.
public struct WantListOptions: Sendable, Hashable {
    public var allowDummies = false
    public var requireColons = false
    public var requireUsernames = false
    public var caseSensitive = false
    public var showMissing = false
    /// `HIDE-REPEATS`: repeated wants are still dropped, but not reported.
    public var hideRepeats = false
    public var priorities: PriorityScheme = .none
    public var smallStep: Int64 = 1
    public var bigStep: Int64 = 9
    public var nontradeCost: Int64 = 1_000_000_000
    /// Every option token seen, in file order (upper-cased), for the report header.
    public var accepted: [String] = []

    public init() {}

    /// TradeMaximizer 1.3c options that are valid but only affect its text output or its random restarts.
    static let outputOnly: Set<String> = [
        "ITERATIONS", "SEED", "SHRINK", "SHRINK-VERBOSE", "SHOW-WANTS", "SHOW-ELAPSED-TIME", "HIDE-LOOPS",
        "HIDE-SUMMARY", "HIDE-NONTRADES", "HIDE-ERRORS", "HIDE-STATS", "SORT-BY-ITEM",
    ]
}
