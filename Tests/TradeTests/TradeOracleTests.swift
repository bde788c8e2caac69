import PipelineCore
import Testing
@testable import Trade

/// Small random instances (≤ 12 items, seeded) against a brute force over every permutation allowed
/// by the want lists: max trades then min cost must match exactly.
@Suite struct TradeOracleTests {
    /// A random want-list text: `items` items of up to 4 users, some dummies, linear priorities and `;`.
    static func randomWantList(seed: UInt64, items: Int) -> String {
        var rng = SeededGenerator(seed: seed)
        let dummies = Int(rng.next() % 3)
        let real = items - dummies
        let owners = (0..<items).map { _ in Int(rng.next() % 4) }
        func name(_ k: Int) -> String { k < real ? "I\(k)" : "%D\(k)" }
        var text = "#! ALLOW-DUMMIES LINEAR-PRIORITIES BIG-STEP=3\n"
        for k in 0..<items {
            text += "(u\(owners[k])) \(name(k)) :"
            let count = Int(rng.next() % 4)
            for _ in 0..<count {
                if rng.next() % 5 == 0 { text += " ;" }
                let w = Int(rng.next() % UInt64(items))
                // Dummies are only visible to their owner; others become unknown items (also tested).
                text += " \(w >= real ? "%D\(w)" : name(w))"
            }
            text += "\n"
        }
        return text
    }

    /// Minimum TradeMaximizer cost over all permutations σ with σ(i) ∈ {i} ∪ wants(i).
    static func bruteForce(_ problem: TradeProblem) -> (trades: Int, cost: Int64) {
        let n = problem.items.count
        var options = [[(Int, Int64)]](repeating: [], count: n)
        for edge in problem.edges { options[Int(edge.receiver)].append((Int(edge.wanted), edge.cost)) }
        var used = [Bool](repeating: false, count: n)
        var sigma = [Int](repeating: -1, count: n)
        var best: (total: Int64, trades: Int, cost: Int64) = (Int64.max, 0, 0)
        func go(_ i: Int, _ total: Int64) {
            if total >= best.total { return }
            if i == n {
                var trades = 0
                var cost: Int64 = 0
                for k in 0..<n where sigma[k] != k && !problem.items[k].isDummy {
                    trades += 1
                    cost += options[k].first { $0.0 == sigma[k] }!.1
                }
                best = (total, trades, cost)
                return
            }
            for (j, c) in options[i] where !used[j] {
                used[j] = true; sigma[i] = j
                go(i + 1, total + c)
                used[j] = false
            }
            if !used[i] {
                used[i] = true; sigma[i] = i
                go(i + 1, total + problem.nontradeCost)
                used[i] = false
            }
        }
        go(0, 0)
        return (best.trades, best.cost)
    }

    @Test func matchesBruteForceOnRandomInstances() throws {
        var checked = 0
        for seed in UInt64(1)...120 {
            let items = 3 + Int(seed % 10) // 3 … 12
            let text = Self.randomWantList(seed: seed, items: items)
            let (problem, _) = try FixtureSupport.parse(text)
            let expected = Self.bruteForce(problem)
            let result = TradeSolver.solve(problem)
            #expect(result.stats.trades == expected.trades, "seed \(seed)\n\(text)")
            #expect(result.stats.totalCost == expected.cost, "seed \(seed)\n\(text)")
            #expect(FixtureSupport.violations(of: result) == [], "seed \(seed)")
            let plain = TradeSolver.solve(problem, options: TradeSolverOptions(tieBreak: false))
            #expect(plain.stats.trades == expected.trades && plain.stats.totalCost == expected.cost, "seed \(seed)")
            checked += expected.trades
        }
        #expect(checked > 100) // the instances do trade
    }
}
