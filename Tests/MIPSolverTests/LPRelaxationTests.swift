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

    /// The bound with a column taken is valid for every 0/1 point with that column set (checked by
    /// enumeration), and tight enough to exclude a column that costs an item.
    @Test func columnBoundsAreValidAndFixColumns() {
        // Rows 0…3 are vertices. Column 0 covers 0,1 (2 items); column 1 covers 1,2,3 (3 items);
        // column 2 covers 0 (1 item); column 3 covers 2,3 (2 items). Optimum 5 = {1, 2}; {0, 3} gives 4.
        var program = BinaryProgram()
        for _ in 0..<4 { program.addRow(lower: -.infinity, upper: 1) }
        program.addColumn(objective: 2, rows: [0, 1], values: [1, 1])
        program.addColumn(objective: 3, rows: [1, 2, 3], values: [1, 1, 1])
        program.addColumn(objective: 1, rows: [0], values: [1])
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
        // Taking column 0 (or 3) caps the total at 4 < 5: both are fixed to 0.
        #expect(relaxation.boundWithColumnSet(0) < 5 - 1e-6)
        #expect(relaxation.boundWithColumnSet(3) < 5 - 1e-6)
        #expect(relaxation.boundWithColumnSet(1) >= 5 - 1e-6)
    }
}
