/// Why a capped solve ended without proving its trades optimal (`trade_summary.json`'s `stop_reason`).
public enum TradeStopReason: String, Sendable, Hashable, Codable {
    /// The whole result was within the gap tolerance of the whole bound, so the blocks still short of their
    /// bounds were not searched further (`TradeSolverOptions.gapTolerance`).
    case gapTolerance = "gap_tolerance"
    /// The CPU budget ran out (`time_limit_seconds`).
    case timeLimit = "time_limit"
    /// The loop enumeration reached `maxCandidateLoops` loops or `maxEnumerationWork` units of work (counts,
    /// not time): the answer is the greedy packing (`GreedyLoopPacking`; with dummies, the loops found), with
    /// no bound.
    case candidateLimit = "candidate_limit"
}
