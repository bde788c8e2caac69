import MIPSolver
import Testing

@Suite struct PackingNeighbourhoodSearchTests {
    static func packing(rows: Int, columns: [([Int32], Double)]) -> BinaryProgram {
        PackingHeuristicTests.packing(rows: rows, columns: columns)
    }

    /// A (3 items, rows 0–2) blocks B, C, D (2 each, rows 0/3, 1/4, 2/5): a 1-for-3 exchange no local
    /// swap of the rounding makes. Rows 3–5 are LP-covered and empty, so a region around one of them
    /// frees all four columns and CBC finds B + C + D = 6.
    @Test func regionSolveFindsAnExchangeTheStartMisses() throws {
        let program = Self.packing(rows: 6, columns: [([0, 1, 2], 3), ([0, 3], 2), ([1, 4], 2), ([2, 5], 2)])
        let start = [true, false, false, false]
        let result = try #require(PackingNeighbourhoodSearch.improve(
            program, lpSolution: [0.5, 0.5, 0.5, 0.5], start: start, target: 6,
            limits: .init(regionRows: 6, maxRounds: 5, patience: 5)))
        #expect(result.solution == [false, true, true, true])
        #expect(result.objective == 6)
        #expect(result.improvingRounds == 1)
    }

    /// A start already at the target runs no round; an infeasible start or a program that is not a set
    /// packing gives nil.
    @Test func stopsAtTheTargetAndRejectsBadInput() throws {
        let program = Self.packing(rows: 2, columns: [([0], 1), ([1], 1)])
        let done = try #require(PackingNeighbourhoodSearch.improve(program, lpSolution: [1, 1], start: [true, true], target: 2))
        #expect(done.rounds == 0)
        #expect(done.solution == [true, true])
        let clash = Self.packing(rows: 1, columns: [([0], 1), ([0], 1)])
        #expect(PackingNeighbourhoodSearch.improve(clash, lpSolution: [1, 1], start: [true, true], target: 1) == nil)
        var covering = BinaryProgram()
        covering.addRow(lower: 1, upper: 1)
        covering.addColumn(objective: 1, rows: [0], values: [1])
        #expect(PackingNeighbourhoodSearch.improve(covering, lpSolution: [1], start: [true], target: 1) == nil)
    }

    /// Random set packings with small regions: always feasible, never worse than the start, never above
    /// the optimum (brute force), and identical on a rerun (seeded, node-limited: no timing in it).
    @Test func randomPackingsAreFeasibleMonotoneAndDeterministic() throws {
        var state: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var improved = 0
        for _ in 0..<150 {
            let rows = 4 + next(8)
            let columnCount = 3 + next(10)
            let (program, lp, best) = PackingHeuristicTests.randomPacking(rows: rows, columns: columnCount, next: next)
            let start = [true] + [Bool](repeating: false, count: columnCount - 1)
            let limits = PackingNeighbourhoodSearch.Limits(regionRows: 3, maxRounds: 20, patience: 20, nodeLimit: 50)
            let result = try #require(PackingNeighbourhoodSearch.improve(program, lpSolution: lp, start: start, target: .infinity,
                                                                         limits: limits))
            let value = PackingHeuristicTests.value(result.solution, program)
            #expect(program.isSatisfied(by: result.solution))
            #expect(value == result.objective)
            #expect(value >= PackingHeuristicTests.value(start, program))
            #expect(value <= best)
            let again = PackingNeighbourhoodSearch.improve(program, lpSolution: lp, start: start, target: .infinity, limits: limits)
            #expect(again?.solution == result.solution)
            if value > PackingHeuristicTests.value(start, program) { improved += 1 }
        }
        #expect(improved > 20) // the search does improve starts
    }
}
