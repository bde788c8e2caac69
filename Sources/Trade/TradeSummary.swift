/// `trade_summary.json`: the result's counters, checksums and (optionally) its loops.
/// Encode with `JSONEncoder` and `.sortedKeys`.
public struct TradeSummary: Sendable, Hashable, Codable {
    public var items: Int
    public var dummies: Int
    public var wantEdges: Int
    public var itemsAfterPruning: Int
    public var edgesAfterPruning: Int
    public var trades: Int
    public var totalCost: Int64
    public var users: Int
    public var usersTrading: Int
    public var usersTradingFirstSolve: Int
    public var loops: Int
    public var loopSizes: [Int]
    public var sumSquares: Int
    public var tieBreakRounds: Int
    public var maxLoopLength: Int?
    public var uncappedTrades: Int?
    public var uncappedTotalCost: Int64?
    /// Capped solves: `optimal` (items and cost proven), else the proven items bound and the gap.
    public var optimal: Bool?
    public var itemsUpperBound: Int?
    public var gap: Double?
    public var stopReason: TradeStopReason?
    public var tieBreakOptimal: Bool?
    public var candidateLoops: Int?
    public var warmStartTrades: Int?
    public var options: [String]
    public var errors: Int
    public var warnings: Int
    /// SHA-256 of the input bytes, and of the canonical result text (`TradeReport.canonicalResult`).
    public var inputSHA256: String
    public var resultSHA256: String
    /// The loops, when requested (`--format json`).
    public var tradeLoops: [[TradeShipment]]?

    enum CodingKeys: String, CodingKey {
        case items, dummies, trades, users, loops, options, errors, warnings
        case wantEdges = "want_edges"
        case itemsAfterPruning = "items_after_pruning"
        case edgesAfterPruning = "edges_after_pruning"
        case totalCost = "total_cost"
        case usersTrading = "users_trading"
        case usersTradingFirstSolve = "users_trading_first_solve"
        case loopSizes = "loop_sizes"
        case sumSquares = "sum_squares"
        case tieBreakRounds = "tie_break_rounds"
        case maxLoopLength = "max_loop_length"
        case uncappedTrades = "uncapped_trades"
        case uncappedTotalCost = "uncapped_total_cost"
        case optimal
        case itemsUpperBound = "items_upper_bound"
        case gap
        case stopReason = "stop_reason"
        case tieBreakOptimal = "tie_break_optimal"
        case candidateLoops = "candidate_loops"
        case warmStartTrades = "warm_start_trades"
        case inputSHA256 = "input_sha256"
        case resultSHA256 = "result_sha256"
        case tradeLoops = "trade_loops"
    }
}

/// One shipment of a loop: `giver` sends `itemGiven` to `receiver` (who gives up `receiverItem`),
/// and in the same loop receives `itemGiverReceives`.
public struct TradeShipment: Sendable, Hashable, Codable {
    public var loopID: Int
    public var position: Int
    public var giver: String?
    public var itemGiven: String
    public var receiver: String?
    public var receiverItem: String
    public var itemGiverReceives: String
    /// The receiver's edge cost and rank for `itemGiven` (first hop: a dummy's rank when via a dummy).
    public var edgeCost: Int64
    public var receiverRank: Int64
    public var distanceKm: Double?
    public var explanation: String

    enum CodingKeys: String, CodingKey {
        case position, giver, receiver, explanation
        case loopID = "loop_id"
        case itemGiven = "item_given"
        case receiverItem = "receiver_item"
        case itemGiverReceives = "item_giver_receives"
        case edgeCost = "edge_cost"
        case receiverRank = "receiver_rank"
        case distanceKm = "distance_km"
    }
}
