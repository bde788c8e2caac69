/// A solved trade: who receives what, as loops over non-dummy items (dummies elided).
public struct TradeResult: Sendable {
    public var problem: TradeProblem
    /// Per item: the non-dummy item its owner receives, or nil when it does not trade (nil for dummies).
    public var receives: [Int32?]
    /// Per item: the want edge (the problem's edge index, `TradeProblem.edge(_:)`) used for the first hop of what it receives.
    public var receivedEdge: [Int32?]
    /// Loops; `loops[l][k]` receives `loops[l][k + 1]` (cyclically). Sorted by size desc, then first item.
    public var loops: [[Int32]]
    public var stats: TradeStats
}

/// Counters of a result, also written to `trade_summary.json`.
public struct TradeStats: Sendable, Hashable, Codable {
    /// Non-dummy items with a want list.
    public var items: Int
    public var dummies: Int
    public var wantEdges: Int
    /// Items left after SCC pruning (dummies included).
    public var itemsAfterPruning: Int
    public var edgesAfterPruning: Int
    public var trades: Int
    public var totalCost: Int64
    public var users: Int
    public var usersTrading: Int
    public var loops: Int
    public var loopSizes: [Int]
    public var sumSquares: Int
    /// Deterministic tie-break rounds run (users trading, then sum of squares).
    public var tieBreakRounds: Int
    /// Users trading in the first optimal solution, before the tie-break rounds.
    public var usersTradingFirstSolve: Int
    public var maxLoopLength: Int?
    /// Trades of the uncapped optimum when a loop cap is set (the cap can only lose trades).
    public var uncappedTrades: Int?
    public var uncappedTotalCost: Int64?
    /// Capped solves: items and cost proven optimal (false when the time limit stopped the solver).
    public var optimal: Bool?
    /// Capped solves: proven upper bound on items traded (LP bound of the branch and bound), and
    /// `(bound − trades) / bound`.
    public var itemsUpperBound: Int?
    public var gap: Double?
    /// Capped solves not proven optimal: what stopped the search.
    public var stopReason: TradeStopReason?
    /// Capped solves: the users-trading and sum-of-squares stages were proven optimal in their time share.
    public var tieBreakOptimal: Bool?
    /// Capped solves: loops of ≤ cap items enumerated for the integer program.
    public var candidateLoops: Int?
    /// Capped solves: trades of the loop-cap heuristic that warm-starts the solver.
    public var warmStartTrades: Int?
    /// Capped solves: independent blocks of candidate loops, and how many needed the MIP solver (not in
    /// the summary file; benchmarks print them).
    public var loopBlocks: Int?
    public var solvedLoopBlocks: Int?
}
