/// A set of disjoint lobbies for one `LobbyProblem` and its objective, compared lexicographically:
/// players placed, then carried-over players placed, then the sum of the lobbies' least-misery scores.
public struct LobbySolution: Sendable, Hashable {
    /// Each lobby's members ascending; lobbies ordered by their first member.
    public var lobbies: [[Int]]
    public var placed: Int
    public var carriedPlaced: Int
    public var leastMiserySum: UInt64

    public init(lobbies: [[Int]], in problem: LobbyProblem) {
        self.lobbies = lobbies.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        placed = lobbies.reduce(0) { $0 + $1.count }
        carriedPlaced = lobbies.reduce(0) { $0 + $1.filter { problem.players[$0].carried }.count }
        leastMiserySum = lobbies.reduce(0) { $0 + problem.leastMisery($1) }
    }

    public static let empty = LobbySolution(lobbies: [], placed: 0, carriedPlaced: 0, leastMiserySum: 0)

    init(lobbies: [[Int]], placed: Int, carriedPlaced: Int, leastMiserySum: UInt64) {
        self.lobbies = lobbies
        self.placed = placed
        self.carriedPlaced = carriedPlaced
        self.leastMiserySum = leastMiserySum
    }

    /// Lexicographic objective order.
    public func isBetter(than other: LobbySolution) -> Bool {
        (placed, carriedPlaced, leastMiserySum) > (other.placed, other.carriedPlaced, other.leastMiserySum)
    }

    /// Solves each connected part of two or more players with `solveConnected` and joins the results; nil when a
    /// part is not solved.
    static func byParts(_ problem: LobbyProblem, _ solveConnected: (LobbyProblem) -> LobbySolution?) -> LobbySolution? {
        var lobbies: [[Int]] = []
        for part in problem.components() where part.count >= 2 {
            guard let solution = solveConnected(problem.subproblem(part)) else { return nil }
            lobbies += solution.mapped(through: part)
        }
        return LobbySolution(lobbies: lobbies, in: problem)
    }

    /// The solution of a part, mapped back to the whole problem's positions through `members`.
    func mapped(through members: [Int]) -> [[Int]] { lobbies.map { $0.map { members[$0] } } }
}
