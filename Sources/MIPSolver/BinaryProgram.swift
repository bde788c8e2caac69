/// A 0/1 integer program in column form: maximise `objective · x` subject to
/// `rowLower[r] ≤ Σ_c a[r][c] · x[c] ≤ rowUpper[r]`, every `x[c] ∈ {0, 1}`.
/// Column `c`'s nonzeros are `rowIndex[columnStart[c]..<columnStart[c + 1]]` with `value` alongside.
public struct BinaryProgram: Sendable {
    public var objective: [Double] = []
    public var columnStart: [Int32] = [0]
    public var rowIndex: [Int32] = []
    public var value: [Double] = []
    public var rowLower: [Double] = []
    public var rowUpper: [Double] = []

    public init() {}

    public var columnCount: Int { objective.count }
    public var rowCount: Int { rowLower.count }

    /// Adds a row with the given bounds (use `-.infinity` / `.infinity` for none); returns its index.
    @discardableResult
    public mutating func addRow(lower: Double, upper: Double) -> Int32 {
        rowLower.append(lower)
        rowUpper.append(upper)
        return Int32(rowLower.count - 1)
    }

    /// Adds a binary column with objective coefficient `cost` and the given nonzeros (rows must exist).
    public mutating func addColumn(objective cost: Double, rows: [Int32], values: [Double]) {
        precondition(rows.count == values.count)
        objective.append(cost)
        rowIndex.append(contentsOf: rows)
        value.append(contentsOf: values)
        columnStart.append(Int32(rowIndex.count))
    }

    /// Appends `coefficients[c] · x[c]` for every column to a new row `lower ≤ … ≤ upper` (zeros skipped).
    public mutating func addDenseRow(_ coefficients: [Double], lower: Double, upper: Double) {
        precondition(coefficients.count == columnCount)
        let row = addRow(lower: lower, upper: upper)
        var newIndex: [Int32] = []
        var newValue: [Double] = []
        var newStart: [Int32] = [0]
        newIndex.reserveCapacity(rowIndex.count + columnCount)
        newValue.reserveCapacity(rowIndex.count + columnCount)
        for c in 0..<columnCount {
            for k in Int(columnStart[c])..<Int(columnStart[c + 1]) {
                newIndex.append(rowIndex[k])
                newValue.append(value[k])
            }
            if coefficients[c] != 0 {
                newIndex.append(row)
                newValue.append(coefficients[c])
            }
            newStart.append(Int32(newIndex.count))
        }
        rowIndex = newIndex
        value = newValue
        columnStart = newStart
    }
}

extension BinaryProgram {
    /// Whether the 0/1 point `x` satisfies every row (with a 1e-6 tolerance).
    public func isSatisfied(by x: [Bool]) -> Bool {
        guard x.count == columnCount else { return false }
        var activity = [Double](repeating: 0, count: rowCount)
        for c in 0..<columnCount where x[c] {
            for k in Int(columnStart[c])..<Int(columnStart[c + 1]) { activity[Int(rowIndex[k])] += value[k] }
        }
        return (0..<rowCount).allSatisfy { activity[$0] >= rowLower[$0] - 1e-6 && activity[$0] <= rowUpper[$0] + 1e-6 }
    }

    /// The program in CPLEX LP text (columns `x<c>`, rows `r<r>`), for running the same model through
    /// another solver (e.g. `glpsol --lp`); the benchmark's `--export-lp` writes it.
    public func lpText() -> String {
        var rows = [[(Int, Double)]](repeating: [], count: rowCount)
        for c in 0..<columnCount {
            for k in Int(columnStart[c])..<Int(columnStart[c + 1]) { rows[Int(rowIndex[k])].append((c, value[k])) }
        }
        func term(_ coefficient: Double, _ column: Int) -> String {
            (coefficient < 0 ? " - " : " + ") + "\(abs(coefficient)) x\(column)"
        }
        var text = "Maximize\n obj:"
        for c in 0..<columnCount where objective[c] != 0 { text += term(objective[c], c) }
        text += "\nSubject To\n"
        for (r, entries) in rows.enumerated() where !entries.isEmpty {
            let lhs = entries.map { term($0.1, $0.0) }.joined()
            if rowLower[r].isFinite && rowUpper[r].isFinite && rowLower[r] == rowUpper[r] {
                text += " r\(r):\(lhs) = \(rowUpper[r])\n"
                continue
            }
            if rowLower[r].isFinite { text += " r\(r)l:\(lhs) >= \(rowLower[r])\n" }
            if rowUpper[r].isFinite { text += " r\(r)u:\(lhs) <= \(rowUpper[r])\n" }
        }
        text += "Binary\n"
        for c in 0..<columnCount { text += " x\(c)\n" }
        text += "End\n"
        return text
    }
}

extension BinaryProgram {
    /// The program as COIN-OR's C APIs (CBC, Clp) load it: the *minimisation* of −objective, columns in
    /// [0, 1], rows with ±1e30 for a missing side; `load` receives the CSR pointers and those arrays.
    func withCoinArrays<R>(_ load: (UnsafePointer<Int32>?, UnsafePointer<Int32>?, UnsafePointer<Double>?, [Double], [Double], [Double],
                                    [Double], [Double]) -> R) -> R {
        let lower = [Double](repeating: 0, count: columnCount)
        let upper = [Double](repeating: 1, count: columnCount)
        let rowLow = rowLower.map { $0.isInfinite ? -1e30 : $0 }
        let rowUp = rowUpper.map { $0.isInfinite ? 1e30 : $0 }
        let minimised = objective.map { -$0 }
        return columnStart.withUnsafeBufferPointer { start in
            rowIndex.withUnsafeBufferPointer { index in
                value.withUnsafeBufferPointer { value in
                    load(start.baseAddress, index.baseAddress, value.baseAddress, lower, upper, minimised, rowLow, rowUp)
                }
            }
        }
    }
}
