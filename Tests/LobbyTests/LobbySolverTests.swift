import Lobby
import Pairing
import Testing

struct LobbySolverTests {
    static func checkValid(_ solution: LobbySolution, _ problem: LobbyProblem) {
        var seen = Set<Int>()
        for lobby in solution.lobbies {
            #expect(problem.defect(lobby) == nil, "invalid lobby \(lobby)")
            for m in lobby { #expect(seen.insert(m).inserted, "player \(m) twice") }
        }
    }

    /// Exhaustive search over every packing: the oracle's oracle, for tiny problems.
    static func bruteForce(_ p: LobbyProblem) -> LobbySolution {
        var valid: [[Int]] = []
        for bits in 1..<(1 << p.count) {
            let set = (0..<p.count).filter { bits & (1 << $0) != 0 }
            if set.count >= 2, p.defect(set) == nil { valid.append(set) }
        }
        var best = LobbySolution(lobbies: [], in: p)
        func search(_ from: Int, _ used: Int, _ chosen: [[Int]]) {
            let candidate = LobbySolution(lobbies: chosen, in: p)
            if candidate.isBetter(than: best) { best = candidate }
            for k in from..<valid.count {
                let mask = valid[k].reduce(0) { $0 | (1 << $1) }
                if mask & used == 0 { search(k + 1, used | mask, chosen + [valid[k]]) }
            }
        }
        search(0, 0, [])
        return best
    }

    static func objective(_ s: LobbySolution) -> (Int, Int, UInt64) { (s.placed, s.carriedPlaced, s.leastMiserySum) }

    @Test(arguments: 1...12) func exactSolversEqualExhaustiveSearch(seed: UInt64) throws {
        let p = LobbyTestInstances.random(n: 9, seed: seed, density: 0.5)
        let brute = Self.bruteForce(p)
        let exact = try #require(ExactLobbySolver().solve(p))
        Self.checkValid(exact, p)
        #expect(Self.objective(exact) == Self.objective(brute))
        let cbc = try #require(CbcLobbySolver().solve(p))
        Self.checkValid(cbc, p)
        #expect(Self.objective(cbc) == Self.objective(brute))
    }

    /// The CBC set-packing oracle against the independent branch and bound on 20–24-player problems: the same
    /// placement and carry-over, and the least-misery sum within CBC's documented tolerance (1e-6 of the best lobby).
    @Test(arguments: 1...8) func cbcOracleEqualsBranchAndBound(seed: UInt64) throws {
        let p = LobbyTestInstances.random(n: 20 + Int(seed % 2) * 4, seed: seed)
        let bb = try #require(ExactLobbySolver().solve(p))
        let cbc = try #require(CbcLobbySolver().solve(p))
        Self.checkValid(cbc, p)
        #expect((cbc.placed, cbc.carriedPlaced) == (bb.placed, bb.carriedPlaced))
        #expect(Double(cbc.leastMiserySum) >= Double(bb.leastMiserySum) * (1 - 1e-6))
        #expect(cbc.leastMiserySum <= bb.leastMiserySum)
    }

    /// The test, for the bulk solver (what the lobby stage uses on parts of 17–40 players: the heuristic,
    /// then the whole part re-solved exactly with the heuristic's lobbies as CBC's start): on 36 seeded random
    /// problems of 32 or 40 players (dense, roles, sizes 2–6) it places as many players as the exact oracle and
    /// reaches ≥ 95 % of its least-misery sum. Seed 9 was the heuristic's known miss (35 of 36 placed).
    @Test(arguments: 1...36) func bulkMatchesOracleOnRandomInstances(seed: UInt64) throws {
        let p = LobbyTestInstances.random(n: 32 + Int(seed % 2) * 8, seed: seed)
        let exact = try #require(CbcLobbySolver().solve(p))
        let bulk = GreedyLobbySolver().solve(p)
        Self.checkValid(bulk, p)
        #expect(bulk.placed == exact.placed)
        #expect(bulk.carriedPlaced == exact.carriedPlaced)
        #expect(Double(bulk.leastMiserySum) >= 0.95 * Double(exact.leastMiserySum))
    }

    @Test(arguments: 37...48) func bulkMatchesOracleOnSyntheticInstances(seed: UInt64) throws {
        let p = LobbyTestInstances.synthetic(n: 40, seed: UInt64(seed))
        #expect(p.count == 40)
        let exact = try #require(CbcLobbySolver().solve(p))
        let bulk = GreedyLobbySolver().solve(p)
        Self.checkValid(bulk, p)
        #expect(exact.placed > 0)
        #expect(bulk.placed == exact.placed)
        #expect(Double(bulk.leastMiserySum) >= 0.95 * Double(exact.leastMiserySum))
    }

    @Test func carriedOverPlayersArePlacedFirst() {
        // Three players, any two may form a lobby of exactly 2: only one pair fits, and it must hold the carried one.
        for carried in 0..<3 {
            let players = (0..<3).map { i in
                LobbyProblem.Player(key: UInt64(i), minSize: 2, maxSize: 2, availability: LobbyProblemTests.hours([1, 2, 3]),
                                    carried: i == carried)
            }
            // The pair without the carried player scores highest, so only carry-over can choose it.
            let edges = [(a: 0, b: 1, score: UInt64(carried == 2 ? 900 : 100)), (a: 0, b: 2, score: UInt64(carried == 1 ? 900 : 100)),
                         (a: 1, b: 2, score: UInt64(carried == 0 ? 900 : 100))]
            let p = LobbyProblem(players: players, edges: edges, requiredRoles: 0, minOverlapHours: 2)
            for solution in [GreedyLobbySolver().solve(p), ExactLobbySolver().solve(p)!, CbcLobbySolver().solve(p)!] {
                #expect(solution.lobbies.count == 1)
                #expect(solution.lobbies.first?.contains(carried) == true)
            }
        }
    }

    @Test func exactReportsAnExhaustedBudget() {
        let p = LobbyTestInstances.random(n: 30, seed: 3, density: 0.9)
        #expect(ExactLobbySolver(maxLobbies: 10, maxNodes: 10).solve(p) == nil)
    }
}
