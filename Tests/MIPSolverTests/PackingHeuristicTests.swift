import MIPSolver
import Testing

@Suite struct PackingHeuristicTests {
    /// Rows 0…rows-1 are packing rows (≤ 1); each column covers the given rows.
    static func packing(rows: Int, columns: [([Int32], Double)]) -> BinaryProgram {
        var program = BinaryProgram()
        for _ in 0..<rows { program.addRow(lower: -.infinity, upper: 1) }
        for (covered, weight) in columns { program.addColumn(objective: weight, rows: covered, values: covered.map { _ in 1 }) }
        return program
    }

    static func value(_ x: [Bool], _ program: BinaryProgram) -> Double {
        zip(x, program.objective).reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
    }

    /// A random set packing (each column on 1–3 of `rows` rows, weight 1–3), an LP-like point (quarters)
    /// and the brute-force optimum, drawn from `next(bound)` (a number in 0..<bound).
    static func randomPacking(rows: Int, columns columnCount: Int, next: (Int) -> Int) -> (BinaryProgram, [Double], Double) {
        var columns: [([Int32], Double)] = []
        for _ in 0..<columnCount {
            var covered = Set<Int32>()
            for _ in 0..<(1 + next(3)) { covered.insert(Int32(next(rows))) }
            columns.append((covered.sorted(), Double(1 + next(3))))
        }
        let program = packing(rows: rows, columns: columns)
        let lp = (0..<columnCount).map { _ in Double(next(5)) / 4 }
        var best = 0.0
        for mask in 0..<(1 << columnCount) {
            let x = (0..<columnCount).map { mask >> $0 & 1 == 1 }
            if program.isSatisfied(by: x) { best = max(best, value(x, program)) }
        }
        return (program, lp, best)
    }

    /// Rounding takes the LP's favourite A (3, rows 0 and 1); the swap A → B + C (2 + 2) must be found.
    @Test func oneForTwoSwapImprovesTheRounding() throws {
        let program = Self.packing(rows: 2, columns: [([0, 1], 3), ([0], 2), ([1], 2)])
        let x = try #require(PackingHeuristic.solve(program, lpSolution: [1, 0, 0]))
        #expect(x == [false, true, true])
        #expect(program.isSatisfied(by: x))
    }

    /// Without local search, the same rounding is stuck at A.
    @Test func roundingAloneFollowsTheLP() throws {
        let program = Self.packing(rows: 2, columns: [([0, 1], 3), ([0], 2), ([1], 2)])
        let x = try #require(PackingHeuristic.solve(program, lpSolution: [1, 0, 0], maxPasses: 0))
        #expect(x == [true, false, false])
    }

    @Test func rejectsWhatIsNotASetPacking() {
        var covering = BinaryProgram()
        covering.addRow(lower: 1, upper: 1)
        covering.addColumn(objective: 1, rows: [0], values: [1])
        #expect(PackingHeuristic.solve(covering) == nil)
        var weighted = BinaryProgram()
        weighted.addRow(lower: -.infinity, upper: 1)
        weighted.addColumn(objective: 1, rows: [0], values: [2])
        #expect(PackingHeuristic.solve(weighted) == nil)
    }

    /// Free rows (both sides infinite, like the trade program's user rows) are ignored.
    @Test func freeRowsAreIgnored() throws {
        var program = Self.packing(rows: 1, columns: [])
        program.addRow(lower: -.infinity, upper: .infinity)
        program.addColumn(objective: 1, rows: [0, 1], values: [1, -1])
        program.addColumn(objective: 0, rows: [1], values: [1])
        let x = try #require(PackingHeuristic.solve(program))
        #expect(x[0])
    }

    /// Random set packings: the result is always feasible, never worse than its start, never above the
    /// optimum (brute force), identical on a rerun, and an infeasible start is ignored.
    @Test func randomPackingsAreFeasibleAndDeterministic() throws {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<200 {
            let rows = 3 + next(6)
            let columnCount = 2 + next(11)
            let (program, lp, best) = Self.randomPacking(rows: rows, columns: columnCount, next: next)
            let start = (0..<columnCount).map { $0 == 0 }
            let x = try #require(PackingHeuristic.solve(program, lpSolution: lp, start: start))
            #expect(program.isSatisfied(by: x))
            #expect(Self.value(x, program) <= best)
            #expect(Self.value(x, program) >= Self.value(start, program))
            #expect(PackingHeuristic.solve(program, lpSolution: lp, start: start) == x)
            let everything = [Bool](repeating: true, count: columnCount)
            let fromInfeasible = try #require(PackingHeuristic.solve(program, lpSolution: lp, start: everything))
            #expect(program.isSatisfied(by: fromInfeasible))
        }
    }
}
