import CCbc

/// The LP relaxation of a `BinaryProgram` (every `x[c]` in [0, 1]) solved by Clp, with a bound that does
/// not trust the LP solver's tolerances: from Clp's row duals `y` (clamped to the signs a valid dual must
/// have), `bound = Σ_r y_r·b_r + Σ_c max(0, d_c)` with `d_c = objective[c] − Σ_r a_rc·y_r` is an upper
/// bound on every 0/1 solution by weak duality, recomputed here in plain arithmetic, and
/// `bound − max(0, d_c) + d_c` bounds every 0/1 solution with `x[c] = 1`
/// (`boundWithColumnSet(_:)`, reduced-cost fixing).
public struct LPRelaxation: Sendable {
    /// Whether Clp reached an optimal basis (otherwise `bound` is still valid, only weaker).
    public var lpOptimal: Bool
    /// Clp's LP optimum (maximisation sense); informative only.
    public var lpObjective: Double
    /// LP column values.
    public var solution: [Double]
    /// The verified upper bound (see the type's comment).
    public var bound: Double
    /// Reduced profit `d_c` of every column under the duals used for `bound`.
    public var reducedProfit: [Double]

    /// Upper bound on every 0/1 solution with `x[column] = 1`.
    public func boundWithColumnSet(_ column: Int) -> Double {
        bound - max(0, reducedProfit[column]) + reducedProfit[column]
    }

    /// Solves the relaxation of `program` (maximisation). Rows need a finite side for their dual to be
    /// used; a row with both sides infinite gets dual 0. `timeLimitSeconds` stops Clp (CPU seconds of the
    /// process, as CBC's limit); stopped, `lpOptimal` is false and the bound, from the duals Clp had, is
    /// still valid, only weaker.
    public static func solve(_ program: BinaryProgram, timeLimitSeconds: Double? = nil) -> LPRelaxation {
        let n = program.columnCount
        let m = program.rowCount
        guard n > 0 else { return LPRelaxation(lpOptimal: true, lpObjective: 0, solution: [], bound: 0, reducedProfit: []) }
        guard let model = Clp_newModel() else { fatalError("Clp_newModel returned NULL") }
        defer { Clp_deleteModel(model) }
        Clp_setLogLevel(model, 0)
        program.withCoinArrays { start, index, value, lower, upper, minimised, rowLower, rowUpper in
            Clp_loadProblem(model, Int32(n), Int32(m), start, index, value, lower, upper, minimised, rowLower, rowUpper)
        }
        Clp_setOptimizationDirection(model, 1)
        if let timeLimitSeconds { Clp_setMaximumSeconds(model, max(0.01, timeLimitSeconds)) }
        _ = Clp_initialSolve(model)
        let optimal = Clp_isProvenOptimal(model) != 0
        let lpObjective = -Clp_objectiveValue(model)
        var solution = [Double](repeating: 0, count: n)
        if let x = Clp_getColSolution(model) { for c in 0..<n { solution[c] = x[c] } }
        // Clp's row prices for the minimisation of −objective; the maximisation's duals are their negation.
        var dual = [Double](repeating: 0, count: m)
        if let price = Clp_getRowPrice(model) { for r in 0..<m { dual[r] = -price[r] } }
        // Valid signs for a maximisation: y_r ≥ 0 may use the upper side, y_r ≤ 0 the lower side.
        var bound = 0.0
        for r in 0..<m {
            if dual[r] > 0 {
                if program.rowUpper[r].isFinite { bound += dual[r] * program.rowUpper[r] } else { dual[r] = 0 }
            } else if dual[r] < 0 {
                if program.rowLower[r].isFinite { bound += dual[r] * program.rowLower[r] } else { dual[r] = 0 }
            }
        }
        var reduced = program.objective
        for c in 0..<n {
            for k in Int(program.columnStart[c])..<Int(program.columnStart[c + 1]) {
                reduced[c] -= program.value[k] * dual[Int(program.rowIndex[k])]
            }
            bound += max(0, reduced[c])
        }
        return LPRelaxation(lpOptimal: optimal, lpObjective: lpObjective, solution: solution, bound: bound, reducedProfit: reduced)
    }
}
