/// Solver knobs. Defaults: exact max trades and min cost, then the deterministic users-trading tie-break.
public struct TradeSolverOptions: Sendable, Hashable {
    /// Longest loop allowed (in non-dummy items); nil = uncapped. Both are exact: uncapped is an assignment
    /// problem, capped is a cycle-formulation integer program solved by CBC (`CappedTradeSolver`).
    public var maxLoopLength: Int?
    /// Capped solves only: a loop never holds two items of the same owner (on for app requests, where a
    /// user is one person at one meet-up; off for want lists, as in TradeMaximizer).
    public var distinctUsersPerLoop: Bool
    /// Capped solves only: CPU-second budget of all MIP stages together; past it the best solution is
    /// kept and reported with its bound and gap.
    public var timeLimitSeconds: Double
    /// Capped solves only: after the LP and the work-limited heuristics have run on every block, the
    /// exact search of a block short of its bound is skipped once the whole result is within this
    /// fraction of the whole bound (`Σ bound − Σ items ≤ gapTolerance · Σ bound`); the result then says
    /// `optimal: false`, `stop_reason: gap_tolerance`, with the bound and gap. 0 (the default for want
    /// lists) proves or runs to the time limit. Below `1 / gapTolerance` items in all, one missing item is
    /// more than the tolerance, so small problems are still proven. The stop is decided by counts, not
    /// time, so unless the budget ran out first the result does not depend on the machine's speed.
    public var gapTolerance: Double = 0
    /// Capped solves only: CPU seconds each for the users-trading and sum-of-squares stages (the best
    /// found is kept; `tie_break_optimal` says whether both were proven).
    public var tieBreakStageSeconds: Double
    /// Capped solves only: most candidate loops enumerated (beyond it the result is not proven optimal).
    public var maxCandidateLoops: Int
    /// Capped solves only: most units of work the loop enumeration may do (edges scanned by its reverse
    /// BFS plus DFS steps) before it stops, truncated. A count, not a time, so a night too dense for the
    /// cycle formulation gives up the same way on any machine, in seconds, instead of spending the whole CPU
    /// budget on loops it cannot use (the generated 1M night needs ~10¹¹ units; its 100k night 1.6 · 10⁸,
    /// the shared want lists at caps 2–5 at most 10⁸: see README, *Trades*).
    public var maxEnumerationWork: Int = 2_000_000_000
    /// Capped solves only: start the MIP from the loop-cap heuristic's solution.
    public var warmStart: Bool
    /// Capped solves only: first solve the uncapped assignment. It proves the capped optimum at once when
    /// its loops already fit, reports `uncapped_trades` / `uncapped_total_cost`, and seeds the warm start;
    /// but its cost grows with how many items lie within reach of each other (each augmentation explores
    /// the region it can reach: minutes for 200k requests in 12 cities). The capped solver proves
    /// optimality without it, so app requests (`TradeRequestOptions`) turn it off; want lists keep it.
    public var uncappedReference = true
    /// Run the deterministic users-trading / sum-of-squares tie-break rounds.
    public var tieBreak: Bool
    /// Upper bound on tie-break re-solves.
    public var maxTieBreakRounds: Int
    /// Stop the tie-break after this many rounds without a better (users, sum of squares) solution.
    public var tieBreakPatience: Int
    /// Upper bound on the warm-start heuristic's re-solves before remaining long loops are dropped (each is
    /// a whole assignment solve: 40 of them took 24 CPU-s of a 100k night's 60 s budget; the exact solve
    /// needs only a start, so 4).
    public var maxCapRounds: Int
    /// Capped solves only, for tests: when false, a block whose incumbent (warm start, LP rounding and
    /// local search) does not reach its LP bound is left unproven instead of searched by CBC, to show
    /// what the LP bound alone proves.
    var exactSearch = true
    /// Capped solves only: rounds of the LP-guided neighbourhood search per block (0 = off) and the rows
    /// a region holds (at most a third of the block's; none when that is under `neighbourhoodMinRegionRows`,
    /// i.e. blocks under 1,500 vertices: on the want lists' blocks, a few hundred vertices, the search only
    /// took budget from the proof — amiguero4 cap 5 lost its cost proof within 60 s). Work limits, not
    /// time, so the result does not depend on the machine.
    var neighbourhoodRounds = 300
    var neighbourhoodRegionRows = 1000
    var neighbourhoodMinRegionRows = 500

    public init(maxLoopLength: Int? = nil, tieBreak: Bool = true, maxTieBreakRounds: Int = 40, tieBreakPatience: Int = 8,
                maxCapRounds: Int = 4, distinctUsersPerLoop: Bool = false, timeLimitSeconds: Double = 60,
                maxCandidateLoops: Int = 5_000_000, warmStart: Bool = true, tieBreakStageSeconds: Double = 2) {
        self.tieBreakStageSeconds = tieBreakStageSeconds
        self.distinctUsersPerLoop = distinctUsersPerLoop
        self.timeLimitSeconds = timeLimitSeconds
        self.maxCandidateLoops = maxCandidateLoops
        self.warmStart = warmStart
        self.tieBreakPatience = tieBreakPatience
        self.maxLoopLength = maxLoopLength
        self.tieBreak = tieBreak
        self.maxTieBreakRounds = maxTieBreakRounds
        self.maxCapRounds = maxCapRounds
    }
}
