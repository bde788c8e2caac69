/// Why a capped solve ended without proving its trades optimal (`trade_summary.json`'s `stop_reason`).
public enum TradeStopReason: String, Sendable, Hashable, Codable {
    /// The whole result was within the gap tolerance of the whole bound, so the blocks still short of their
    /// bounds were not searched further (`TradeSolverOptions.gapTolerance`).
    case gapTolerance = "gap_tolerance"
    /// The CPU budget ran out (`time_limit_seconds`).
    case timeLimit = "time_limit"
    /// More candidate loops than `maxCandidateLoops`: the enumeration was cut short.
    case candidateLimit = "candidate_limit"
}
