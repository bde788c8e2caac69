/// The packing structure of a `BinaryProgram` whose constrained rows are all `Σ x[c] ≤ 1` over their
/// columns (coefficients 1, upper side 1, lower side ≤ 0); rows with both sides infinite are ignored.
/// Shared by the packing heuristics (`PackingHeuristic`, `PackingNeighbourhoodSearch`).
struct PackingRows {
    /// Column → its constrained rows (in the program's order).
    var rowsOf: [[Int32]]
    /// Row → its columns (ascending; empty for ignored rows).
    var columnsOf: [[Int32]]

    /// Nil when some constrained row is not a packing row.
    init?(_ program: BinaryProgram) {
        let n = program.columnCount
        let m = program.rowCount
        var constrained = [Bool](repeating: false, count: m)
        for r in 0..<m where program.rowLower[r].isFinite || program.rowUpper[r].isFinite {
            guard program.rowUpper[r] == 1, !(program.rowLower[r] > 0) else { return nil }
            constrained[r] = true
        }
        rowsOf = [[Int32]](repeating: [], count: n)
        columnsOf = [[Int32]](repeating: [], count: m)
        for c in 0..<n {
            for k in Int(program.columnStart[c])..<Int(program.columnStart[c + 1]) {
                let r = Int(program.rowIndex[k])
                guard constrained[r] else { continue }
                guard program.value[k] == 1 else { return nil }
                rowsOf[c].append(Int32(r))
                columnsOf[r].append(Int32(c))
            }
        }
    }
}
