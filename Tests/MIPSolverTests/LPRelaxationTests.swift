import MIPSolver
import Testing

@Suite struct LPRelaxationTests {
    /// Odd cycle of three pairwise-conflicting columns: LP optimum 1.5 (each at ½), integer optimum 1.
    @Test func triangleBoundIsTheLPOptimum() {
        var program = BinaryProgram()
        for _ in 0..<3 { program.addRow(lower: -.infinity, upper: 1) }
        program.addColumn(objective: 1, rows: [0, 1], values: [1, 1])
        program.addColumn(objective: 1, rows: [1, 2], values: [1, 1])
        program.addColumn(objective: 1, rows: [0, 2], values: [1, 1])
        let relaxation = LPRelaxation.solve(program)
        #expect(relaxation.lpOptimal)
        #expect(abs(relaxation.bound - 1.5) < 1e-9)
        #expect(abs(relaxation.lpObjective - 1.5) < 1e-9)
    }

    /// The bound, and the bound with a column taken, are valid for every 0/1 point (with that column set),
    /// checked by enumeration.
    @Test func columnBoundsAreValidAndFixColumns() {
        // Rows 0…3 are vertices. Column 0 covers 0,1 (value 2); column 1 covers 1,2,3 (3); column 2
        // covers 0 (2); column 3 covers 2,3 (2). Optimum 5 = {1, 2}; {0, 3} gives 4.
        var program = BinaryProgram()
        for _ in 0..<4 { program.addRow(lower: -.infinity, upper: 1) }
        program.addColumn(objective: 2, rows: [0, 1], values: [1, 1])
        program.addColumn(objective: 3, rows: [1, 2, 3], values: [1, 1, 1])
        program.addColumn(objective: 2, rows: [0], values: [1])
        program.addColumn(objective: 2, rows: [2, 3], values: [1, 1])
        let relaxation = LPRelaxation.solve(program)
        #expect(relaxation.bound >= 5 - 1e-9)
        for mask in 0..<16 {
            let x = (0..<4).map { mask >> $0 & 1 == 1 }
            guard program.isSatisfied(by: x) else { continue }
            let value = (0..<4).reduce(0.0) { $0 + (x[$1] ? program.objective[$1] : 0) }
            #expect(value <= relaxation.bound + 1e-9)
            for c in 0..<4 where x[c] { #expect(value <= relaxation.boundWithColumnSet(c) + 1e-9) }
        }
        // The optimum's columns are never fixed.
        #expect(relaxation.boundWithColumnSet(1) >= 5 - 1e-6)
        #expect(relaxation.boundWithColumnSet(2) >= 5 - 1e-6)
    }
}
