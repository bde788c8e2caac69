import MIPSolver
import Testing

@Suite struct CbcSolverTests {
    /// Odd cycle of three "edges" that pairwise share a vertex: LP optimum 1.5, integer optimum 1.
    @Test func triangleSetPackingIsIntegral() {
        var program = BinaryProgram()
        for _ in 0..<3 { program.addRow(lower: -.infinity, upper: 1) }
        program.addColumn(objective: 1, rows: [0, 1], values: [1, 1])
        program.addColumn(objective: 1, rows: [1, 2], values: [1, 1])
        program.addColumn(objective: 1, rows: [0, 2], values: [1, 1])
        let outcome = CbcSolver.maximize(program)
        #expect(outcome.status == .optimal)
        #expect(outcome.objective == 1)
        #expect(outcome.solution.filter { $0 }.count == 1)
    }

    @Test func denseRowConstrainsAndWarmStartIsAccepted() {
        var program = BinaryProgram()
        program.addRow(lower: -.infinity, upper: 1)
        program.addColumn(objective: 2, rows: [0], values: [1])
        program.addColumn(objective: 3, rows: [0], values: [1])
        program.addColumn(objective: 1, rows: [], values: [])
        // Forbid column 1 through an added row: x1 ≤ 0.
        program.addDenseRow([0, 1, 0], lower: -.infinity, upper: 0)
        let outcome = CbcSolver.maximize(program, start: [false, false, true])
        #expect(outcome.status == .optimal)
        #expect(outcome.solution == [true, false, true])
        #expect(outcome.objective == 3)
    }

    /// A warm start that is feasible but not optimal, on an objective whose values are negative (a cost
    /// stage: maximise −cost). The optimum must still be found and proven; a start whose objective is
    /// taken with the wrong sign would look better than every solution and be returned as "optimal".
    @Test(arguments: [false, true])
    func negativeObjectiveWithSuboptimalStartFindsTheOptimum(bigger: Bool) {
        var program = BinaryProgram()
        // Choose exactly one of several options in each of `groups` groups; option k costs k + 1.
        let groups = bigger ? 40 : 1
        let options = 4
        for _ in 0..<groups { program.addRow(lower: 1, upper: 1) }
        for g in 0..<groups {
            for k in 0..<options { program.addColumn(objective: -Double(k + 1), rows: [Int32(g)], values: [1]) }
        }
        // Start: the most expensive option everywhere.
        let start = (0..<program.columnCount).map { $0 % options == options - 1 }
        let outcome = CbcSolver.maximize(program, start: start)
        #expect(outcome.status == .optimal)
        #expect(outcome.objective == -Double(groups))
        #expect(outcome.bound == -Double(groups))
    }

    @Test func infeasibleIsReported() {
        var program = BinaryProgram()
        program.addRow(lower: 2, upper: .infinity)
        program.addColumn(objective: 1, rows: [0], values: [1])
        #expect(CbcSolver.maximize(program).status == .infeasible)
    }
}
