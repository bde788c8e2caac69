import MIPSolver

/// The exact oracle as a set-packing integer program solved by COIN-OR CBC (`MIPSolver`): one binary column per
/// valid lobby (`ExactLobbySolver.enumerate`), one row per player (in at most one chosen lobby).
///
/// The lexicographic objective (players placed, carried-over players placed, least-misery sum) is one weighted
/// sum: a lobby `L` is worth `|L|·W₁ + carried(L)·W₂ + lm(L)/lm_max`, with `W₂ = n + 1` (more than any total of
/// the normalised scores, at most n/2) and `W₁ = W₂·(n + 1)` (more than any carried total times W₂ plus scores),
/// n the players of the connected part and `lm_max` its best lobby score. CBC stops at a proven optimum within an
/// absolute gap of 1e-6, so placement and carry-over are exact and the least-misery sum is within
/// 1e-6·`lm_max` of the optimum. Connected parts are solved separately. nil when the lobbies cannot be enumerated
/// within `maxLobbies` or CBC stops at its time limit.
public struct CbcLobbySolver: Sendable {
    public var maxLobbies: Int
    public var timeLimitSeconds: Double?

    public init(maxLobbies: Int = 2_000_000, timeLimitSeconds: Double? = nil) {
        self.maxLobbies = maxLobbies
        self.timeLimitSeconds = timeLimitSeconds
    }

    public func solve(_ problem: LobbyProblem) -> LobbySolution? { LobbySolution.byParts(problem, solveConnected) }

    func solveConnected(_ p: LobbyProblem) -> LobbySolution? {
        guard let (members, scores) = ExactLobbySolver(maxLobbies: maxLobbies).enumerate(p) else { return nil }
        guard !members.isEmpty else { return LobbySolution(lobbies: [], in: p) }
        let top = Double(scores.max() ?? 0)
        let w2 = Double(p.count + 1), w1 = w2 * Double(p.count + 1)
        var program = BinaryProgram()
        for _ in 0..<p.count { program.addRow(lower: -.infinity, upper: 1) }
        for (set, score) in zip(members, scores) {
            let carried = set.filter { p.players[$0].carried }.count
            let worth = Double(set.count) * w1 + Double(carried) * w2 + (top > 0 ? Double(score) / top : 0)
            program.addColumn(objective: worth, rows: set.map { Int32($0) }, values: [Double](repeating: 1, count: set.count))
        }
        let outcome = CbcSolver.maximize(program, timeLimitSeconds: timeLimitSeconds)
        guard outcome.status == .optimal else { return nil }
        return LobbySolution(lobbies: members.indices.filter { outcome.solution[$0] }.map { members[$0] }, in: p)
    }
}
