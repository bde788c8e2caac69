@testable import Lobby
import Testing

struct LobbyWalkTests {
    /// Every valid lobby of a tiny problem, by testing every subset with `LobbyProblem.defect`.
    static func validLobbies(_ p: LobbyProblem) -> [[Int]] {
        (1..<(1 << p.count)).map { bits in (0..<p.count).filter { bits & (1 << $0) != 0 } }
            .filter { $0.count >= 2 && p.defect($0) == nil }
    }

    /// The walk seeded at each player visits exactly the valid lobbies holding that player, each once; so a
    /// player "may be placed" exactly when some valid lobby holds them.
    @Test(arguments: 1...12) func walkVisitsExactlyTheValidLobbiesOfItsSeed(seed: UInt64) {
        let p = LobbyTestInstances.random(n: 10, seed: seed, density: 0.45)
        let all = Self.validLobbies(p)
        let walk = LobbyWalk(problem: p)
        for u in 0..<p.count {
            var seen: [[Int]] = []
            let finished = walk.walk(seed: u, candidates: p.neighbours(u).map(Int.init)) { set, worst in
                #expect(worst == p.leastMisery(set))
                seen.append(set.sorted())
                return true
            }
            #expect(finished)
            let expected = all.filter { $0.contains(u) }
            #expect(seen.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) })
            #expect(walk.mayBePlaced(u, maxSteps: .max) == !expected.isEmpty)
        }
    }

    /// A walk cut short by its step budget proves nothing, so the player still counts as placeable.
    @Test func anExhaustedWalkDoesNotRuleAPlayerOut() {
        let p = LobbyTestInstances.random(n: 12, seed: 4, density: 0.6)
        let walk = LobbyWalk(problem: p)
        var stopped = false
        for u in 0..<p.count where !walk.walk(seed: u, candidates: p.neighbours(u).map(Int.init), maxSteps: 1, visit: { _, _ in true }) {
            stopped = true
            #expect(walk.mayBePlaced(u, maxSteps: 1))
        }
        #expect(stopped)
    }

    /// `CbcLobbySolver.improve` skips CBC only when its bound shows that nothing beats the incumbent: started from
    /// the empty solution and from the heuristic's, it returns nil exactly when the start is already optimal.
    @Test(arguments: 1...8) func improveFindsEveryBetterSolution(seed: UInt64) throws {
        let p = LobbyTestInstances.random(n: 16 + Int(seed % 3) * 4, seed: seed)
        let optimum = try #require(ExactLobbySolver().solve(p))
        let heuristic = GreedyLobbySolver(neighbourhoodSize: 0, exactPartsUpTo: 0).solve(p)
        for start in [LobbySolution(lobbies: [], in: p), heuristic] {
            let better = CbcLobbySolver().improve(p, incumbent: start)
            let startIsOptimal = (start.placed, start.carriedPlaced) == (optimum.placed, optimum.carriedPlaced)
                && Double(start.leastMiserySum) >= Double(optimum.leastMiserySum) * (1 - 1e-6)
            if let better {
                LobbySolverTests.checkValid(better, p)
                #expect(better.isBetter(than: start))
                #expect((better.placed, better.carriedPlaced) == (optimum.placed, optimum.carriedPlaced))
            } else {
                #expect(startIsOptimal)
            }
        }
    }
}
