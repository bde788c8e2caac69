/// Solver knobs. Defaults: exact max trades and min cost, then the deterministic users-trading tie-break.
public struct TradeSolverOptions: Sendable, Hashable {
    /// Longest loop allowed (in non-dummy items). nil = uncapped (exact). Capping is a heuristic (NP-hard for ≥ 3).
    public var maxLoopLength: Int?
    /// Run the deterministic users-trading / sum-of-squares tie-break rounds.
    public var tieBreak: Bool
    /// Upper bound on tie-break re-solves.
    public var maxTieBreakRounds: Int
    /// Stop the tie-break after this many rounds without a better (users, sum of squares) solution.
    public var tieBreakPatience: Int
    /// Upper bound on cap re-solves before remaining long loops are dropped.
    public var maxCapRounds: Int

    public init(maxLoopLength: Int? = nil, tieBreak: Bool = true, maxTieBreakRounds: Int = 40, tieBreakPatience: Int = 8,
                maxCapRounds: Int = 40) {
        self.tieBreakPatience = tieBreakPatience
        self.maxLoopLength = maxLoopLength
        self.tieBreak = tieBreak
        self.maxTieBreakRounds = maxTieBreakRounds
        self.maxCapRounds = maxCapRounds
    }
}
