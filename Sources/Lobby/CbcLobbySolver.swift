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

    func solveConnected(_ p: LobbyProblem) -> LobbySolution? { solveWhole(p, start: nil) }

    /// The optimum of `p` (connected or not) in one CBC call, `start`'s lobbies handed to CBC as its first
    /// incumbent; nil as for `solve`.
    public func solveWhole(_ p: LobbyProblem, start: LobbySolution?) -> LobbySolution? {
        guard let (members, scores) = ExactLobbySolver(maxLobbies: maxLobbies).enumerate(p) else { return nil }
        return optimum(p, members, scores, start: start)
    }

    /// A solution of `p` (connected or not) better than `incumbent`, or nil: when there is none, when the valid
    /// lobbies number more than `maxLobbies`, or without a CBC call when the cheap bound (`bound`) shows that none
    /// can be better.
    public func improve(_ p: LobbyProblem, incumbent: LobbySolution) -> LobbySolution? {
        guard let (members, scores) = ExactLobbySolver(maxLobbies: maxLobbies).enumerate(p) else { return nil }
        let limit = Self.bound(p, members, scores)
        guard (limit.placed, limit.carried, limit.score) > (incumbent.placed, incumbent.carriedPlaced, incumbent.leastMiserySum),
              let best = optimum(p, members, scores, start: incumbent), best.isBetter(than: incumbent) else { return nil }
        return best
    }

    /// An upper bound on each objective term: the players (and carried-over players) in at least one valid lobby,
    /// and the sum over them of their best `⌈least-misery / size⌉` (a lobby's score shared among its members), as
    /// at the root of `ExactLobbySolver`'s search.
    static func bound(_ p: LobbyProblem, _ members: [[Int]], _ scores: [UInt64]) -> (placed: Int, carried: Int, score: UInt64) {
        var share = [UInt64?](repeating: nil, count: p.count)
        for (set, score) in zip(members, scores) {
            let size = UInt64(set.count)
            let s = (score + size - 1) / size
            for m in set { share[m] = max(share[m] ?? 0, s) }
        }
        var placed = 0, carried = 0
        var score: UInt64 = 0
        for (u, s) in share.enumerated() {
            guard let s else { continue }
            placed += 1
            if p.players[u].carried { carried += 1 }
            score += s
        }
        return (placed, carried, score)
    }

    func optimum(_ p: LobbyProblem, _ members: [[Int]], _ scores: [UInt64], start: LobbySolution?) -> LobbySolution? {
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
        // The start's lobbies are valid, so each is one of the enumerated columns (members ascending in both).
        let chosen = Set(start?.lobbies ?? [])
        let startColumns = chosen.isEmpty ? nil : members.map { chosen.contains($0) }
        let outcome = CbcSolver.maximize(program, timeLimitSeconds: timeLimitSeconds, start: startColumns)
        guard outcome.status == .optimal else { return nil }
        return LobbySolution(lobbies: members.indices.filter { outcome.solution[$0] }.map { members[$0] }, in: p)
    }
}
