/// An exact solver by branch and bound, independent of CBC: the lobby stage's solver for small parts, the
/// neighbourhood solver of the bulk heuristic on large parts, and the cross-check of `CbcLobbySolver` in the
/// tests. Enumerate every valid lobby, then
/// branch and bound over disjoint choices of them for the lexicographic optimum of `LobbySolution` (players
/// placed, carried-over players placed, summed least-misery score).
///
/// Branching: the lowest-numbered undecided player either joins one of the valid lobbies whose members are all
/// still free (largest and best-scored first) or stays out. Bounds at every node: players placed so far plus every
/// free player that still has a lobby of free players (the same for carried-over players), and the score so far
/// plus, for each such player, the best `⌈least-misery / size⌉` of those lobbies (a lobby's score shared among its
/// members). The greedy solution is the starting incumbent. Connected parts are solved separately.
/// Returns nil when a budget is exceeded: the optimum is then not proven.
public struct ExactLobbySolver: Sendable {
    public var maxLobbies: Int
    public var maxNodes: Int

    public init(maxLobbies: Int = 2_000_000, maxNodes: Int = 20_000_000) {
        self.maxLobbies = maxLobbies
        self.maxNodes = maxNodes
    }

    public func solve(_ problem: LobbyProblem) -> LobbySolution? { LobbySolution.byParts(problem, solveConnected) }

    /// Every valid lobby of `problem` (members ascending) with its least-misery score; nil past `maxLobbies`.
    func enumerate(_ p: LobbyProblem) -> (members: [[Int]], score: [UInt64])? {
        var members: [[Int]] = []
        var scores: [UInt64] = []
        let walk = LobbyWalk(problem: p)
        for s in 0..<p.count {
            // Only higher-numbered candidates: each lobby is walked once, from its lowest member, members ascending.
            let complete = walk.walk(seed: s, candidates: p.neighbours(s).map(Int.init).filter { $0 > s }) { set, worst in
                members.append(set)
                scores.append(worst)
                return members.count <= maxLobbies
            }
            if !complete { return nil }
        }
        return (members, scores)
    }

    func solveConnected(_ p: LobbyProblem) -> LobbySolution? {
        let start = GreedyLobbySolver(neighbourhoodSize: 0, exactPartsUpTo: 0).solve(p)
        guard let result = search(p, incumbent: start) else { return nil }
        return result.exhausted ? nil : result.best
    }

    /// The best solution found that beats `incumbent`, or nil; also for a problem that is not connected. When the
    /// node budget runs out the best found so far is returned (not proven optimal): what the bulk solver's
    /// neighbourhood search on large parts needs.
    public func improve(_ p: LobbyProblem, incumbent: LobbySolution) -> LobbySolution? {
        guard let result = search(p, incumbent: incumbent), result.best.isBetter(than: incumbent) else { return nil }
        return result.best
    }

    /// Branch and bound from `incumbent`; nil when the lobbies cannot be enumerated within `maxLobbies`.
    func search(_ p: LobbyProblem, incumbent: LobbySolution) -> (best: LobbySolution, exhausted: Bool)? {
        guard let (members, scores) = enumerate(p) else { return nil }
        let n = p.count
        var lobbiesOf = [[Int]](repeating: [], count: n)
        for (id, set) in members.enumerated() { for m in set { lobbiesOf[m].append(id) } }
        for u in 0..<n {
            lobbiesOf[u].sort {
                members[$0].count != members[$1].count ? members[$0].count > members[$1].count
                    : scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1
            }
        }
        var best = incumbent
        var free = [Bool](repeating: true, count: n)
        var chosen: [Int] = []
        var nodes = 0
        var exhausted = false

        func allFree(_ id: Int) -> Bool { members[id].allSatisfy { free[$0] } }

        func search(_ from: Int, placed: Int, carried: Int, score: UInt64) {
            if exhausted { return }
            nodes += 1
            if nodes > maxNodes { exhausted = true; return }
            var next = from
            while next < n && !free[next] { next += 1 }
            // Bound over the free players from `next` on (players before it are decided).
            var placeable = 0, carriedPlaceable = 0
            var scoreBound: UInt64 = 0
            for q in next..<n where free[q] {
                var share: UInt64 = 0
                var any = false
                for id in lobbiesOf[q] where allFree(id) {
                    any = true
                    let size = UInt64(members[id].count)
                    share = max(share, (scores[id] + size - 1) / size)
                }
                if any {
                    placeable += 1
                    if p.players[q].carried { carriedPlaceable += 1 }
                    scoreBound += share
                }
            }
            let bound = (placed + placeable, carried + carriedPlaceable, score + scoreBound)
            let incumbent = (best.placed, best.carriedPlaced, best.leastMiserySum)
            if placeable == 0 || next >= n {
                if (placed, carried, score) > incumbent {
                    best = LobbySolution(lobbies: chosen.map { members[$0] }, placed: placed, carriedPlaced: carried,
                                         leastMiserySum: score)
                    best.lobbies = best.lobbies.sorted { $0[0] < $1[0] }
                }
                return
            }
            guard bound > incumbent else { return }
            for id in lobbiesOf[next] where allFree(id) {
                for m in members[id] { free[m] = false }
                chosen.append(id)
                let c = members[id].filter { p.players[$0].carried }.count
                search(next + 1, placed: placed + members[id].count, carried: carried + c, score: score + scores[id])
                chosen.removeLast()
                for m in members[id] { free[m] = true }
                if exhausted { return }
            }
            free[next] = false
            search(next + 1, placed: placed, carried: carried, score: score)
            free[next] = true
        }
        search(0, placed: 0, carried: 0, score: 0)
        return (best, exhausted)
    }
}
