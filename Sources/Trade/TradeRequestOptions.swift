/// Options of the request matcher.
public struct TradeRequestOptions: Sendable, Hashable {
    /// Hard edge filter: giver and receiver at most this far apart (great-circle km between the two
    /// positions). With a limit set, a pair where either location is unknown cannot trade.
    public var maxDistanceKm: Double?
    /// How a game's position in `accepted_appids` (1-based) becomes an edge cost.
    public var priorities: PriorityScheme
    public var solver: TradeSolverOptions

    public init(maxDistanceKm: Double? = nil, maxLoopLength: Int? = nil, priorities: PriorityScheme = .linear,
                tieBreak: Bool = true) {
        self.maxDistanceKm = maxDistanceKm
        self.priorities = priorities
        self.solver = TradeSolverOptions(maxLoopLength: maxLoopLength, tieBreak: tieBreak)
    }
}
