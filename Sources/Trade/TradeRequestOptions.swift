/// Options of the request matcher.
public struct TradeRequestOptions: Sendable, Hashable {
    /// Hard edge filter: giver and receiver at most this far apart (great-circle km between the two
    /// positions). With a limit set, a pair where either location is unknown cannot trade.
    public var maxDistanceKm: Double?
    /// How a game's position in `accepted_appids` (1-based) becomes an edge cost.
    public var priorities: PriorityScheme
    public var solver: TradeSolverOptions

    /// Requests trade in person, so loops are capped at 3 unless asked otherwise.
    public static let defaultMaxLoopLength = 3
    /// A nightly run stops searching for more trades once the best found is within 0.5 % of the proven
    /// bound: the 100k night has 9,417 trades (gap 0.48 %) after 6.7 CPU-s, where the whole 60 s budget
    /// found 9,419 and proved nothing more. 0 proves, or runs to the time limit.
    public static let defaultGapTolerance = 0.005

    /// `maxLoopLength`: nil = uncapped. Loops never repeat a user (`distinctUsersPerLoop`): a request's
    /// author is one person at one meet-up. `timeLimitSeconds` bounds the exact capped solve.
    public init(maxDistanceKm: Double? = nil, maxLoopLength: Int? = TradeRequestOptions.defaultMaxLoopLength,
                priorities: PriorityScheme = .linear, tieBreak: Bool = true, timeLimitSeconds: Double = 60,
                gapTolerance: Double = TradeRequestOptions.defaultGapTolerance) {
        self.maxDistanceKm = maxDistanceKm
        self.priorities = priorities
        self.solver = TradeSolverOptions(maxLoopLength: maxLoopLength, tieBreak: tieBreak, distinctUsersPerLoop: true,
                                         timeLimitSeconds: timeLimitSeconds)
        solver.gapTolerance = gapTolerance
        // The uncapped assignment is a reference only, and the costliest part of a dense night.
        if maxLoopLength != nil { solver.uncappedReference = false }
    }
}
