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

    /// A set packing of 3-element loops over 3,000 vertices, like the trade stage's blocks: stopped by a
    /// time limit, Clp returns unproven and the bound from the duals it had is still valid (at least the
    /// proven LP optimum); without a limit it is proven.
    @Test func aTimeLimitStopsClpWithAValidBound() {
        var program = BinaryProgram()
        let vertices = 3_000
        for _ in 0..<vertices { _ = program.addRow(lower: -.infinity, upper: 1) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32((state >> 33) % UInt64(vertices))
        }
        for _ in 0..<30_000 {
            let rows = Array(Set([next(), next(), next()])).sorted()
            program.addColumn(objective: Double(rows.count), rows: rows, values: rows.map { _ in 1 })
        }
        let proven = LPRelaxation.solve(program)
        #expect(proven.lpOptimal)
        let stopped = LPRelaxation.solve(program, timeLimitSeconds: 0.001)
        #expect(!stopped.lpOptimal)
        #expect(stopped.bound >= proven.bound - 1e-6)
        #expect(stopped.bound < 1e18)
    }
}
