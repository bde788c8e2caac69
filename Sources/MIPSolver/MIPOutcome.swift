/// What a MIP solve returned. Objective values are in the program's (maximisation) sense.
public struct MIPOutcome: Sendable {
    public enum Status: String, Sendable {
        /// Solved to proven optimality.
        case optimal
        /// Stopped by the time limit with a feasible solution (see `bound`).
        case stoppedWithSolution
        /// Stopped by the time limit before any feasible solution.
        case stoppedWithoutSolution
        case infeasible
    }

    public var status: Status
    /// Column values (0/1, rounded); empty without a solution.
    public var solution: [Bool]
    /// Objective of `solution`.
    public var objective: Double
    /// Best proven upper bound on the optimum (equals `objective` when optimal).
    public var bound: Double
    /// Branch-and-bound nodes explored.
    public var nodes: Int

    public init(status: Status, solution: [Bool], objective: Double, bound: Double, nodes: Int) {
        self.status = status
        self.solution = solution
        self.objective = objective
        self.bound = bound
        self.nodes = nodes
    }
}
