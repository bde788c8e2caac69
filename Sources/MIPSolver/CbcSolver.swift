import CCbc
import Synchronization

/// The only code that touches COIN-OR CBC's C API (`Cbc_C_Interface.h`): loads a `BinaryProgram`,
/// solves it single-threaded (deterministic) and silent, and copies the answer out. CBC's solve driver
/// keeps global state, so solves are serialised process-wide.
public enum CbcSolver {
    private static let lock = Mutex(())

    /// CBC's version string.
    public static var version: String { String(cString: Cbc_getVersion()) }

    /// Maximises `program`. `timeLimitSeconds` bounds CBC's search (CPU seconds); `start` is an optional
    /// feasible 0/1 solution handed to CBC as its first incumbent. `maxNodes` bounds the branch-and-bound
    /// nodes: a work limit, so a search it stops ends the same way on every machine (a time limit does not).
    public static func maximize(_ program: BinaryProgram, timeLimitSeconds: Double? = nil, start: [Bool]? = nil,
                                maxNodes: Int? = nil) -> MIPOutcome {
        lock.withLock { _ in solveLocked(program, timeLimitSeconds: timeLimitSeconds, start: start, maxNodes: maxNodes) }
    }

    private static func solveLocked(_ program: BinaryProgram, timeLimitSeconds: Double?, start: [Bool]?, maxNodes: Int?) -> MIPOutcome {
        let n = program.columnCount
        if n == 0 {
            let feasible = zip(program.rowLower, program.rowUpper).allSatisfy { $0 <= 0 && 0 <= $1 }
            return MIPOutcome(status: feasible ? .optimal : .infeasible, solution: [], objective: 0, bound: 0, nodes: 0)
        }
        guard let model = Cbc_newModel() else { fatalError("Cbc_newModel returned NULL") }
        defer { Cbc_deleteModel(model) }
        // CBC is handed the minimisation of −objective (`withCoinArrays`), never `Cbc_setObjSense(−1)`: CBC
        // 2.10.8's solve driver takes a MIP start's objective from the LP in the user's sense and stores it as
        // an internal (minimisation) value, so with a maximisation sense a start of value −v counted as +v. On
        // a cost stage (all values negative) that start looked better than every solution, pruned the whole
        // tree, and came back "proven optimal" (the capped trades' cost defect).
        program.withCoinArrays { start, index, value, lower, upper, minimised, rowLower, rowUpper in
            Cbc_loadProblem(model, Int32(n), Int32(program.rowCount), start, index, value, lower, upper, minimised, rowLower, rowUpper)
        }
        for c in 0..<n { Cbc_setInteger(model, Int32(c)) }
        Cbc_setObjSense(model, 1)
        Cbc_setLogLevel(model, 0)
        Cbc_setParameter(model, "log", "0")
        Cbc_setParameter(model, "slog", "0")
        // CBC 2.10.8 with Cgl 0.60.3 (Debian 12) dereferences NULL in CglPreProcess::postProcess on some
        // capped want lists (amiguero4, cap 5, past ~45 s): preprocessing stays off.
        Cbc_setParameter(model, "preprocess", "off")
        // Integer objectives in our use: stop only at a proven optimum (no default relative gap).
        Cbc_setAllowableGap(model, 1e-6)
        Cbc_setAllowableFractionGap(model, 0)
        if let timeLimitSeconds { Cbc_setMaximumSeconds(model, max(0.01, timeLimitSeconds)) }
        if let maxNodes { Cbc_setMaximumNodes(model, Int32(clamping: max(0, maxNodes))) }
        if let start, start.count == n {
            var indices = (0..<n).map { Int32($0) }
            var values = start.map { $0 ? 1.0 : 0.0 }
            indices.withUnsafeMutableBufferPointer { i in
                values.withUnsafeMutableBufferPointer { v in
                    Cbc_setMIPStartI(model, Int32(n), i.baseAddress, v.baseAddress)
                }
            }
        }
        _ = Cbc_solve(model)
        let nodes = Int(Cbc_getNodeCount(model))
        if Cbc_isProvenInfeasible(model) != 0 {
            return MIPOutcome(status: .infeasible, solution: [], objective: 0, bound: 0, nodes: nodes)
        }
        var solution: [Bool] = []
        if let best = Cbc_bestSolution(model) {
            solution = (0..<n).map { best[$0] > 0.5 }
            // Rounded columns that break a row are no solution of ours.
            if !program.isSatisfied(by: solution) { solution = [] }
        }
        let objective = solution.isEmpty ? 0 : zip(solution, program.objective).reduce(0) { $0 + ($1.0 ? $1.1 : 0) }
        // CBC reports values of the minimisation; its bound is infinite when it has none.
        let raw = -Cbc_getBestPossibleObjValue(model)
        let rawBound = raw.isFinite && abs(raw) < 1e29 ? raw : Double.infinity
        // An optimality claim must agree with the columns: CBC's value of its incumbent is the one
        // recomputed here. (CBC's best-possible value is not checked against it: after a proof it can
        // still be the root bound.)
        let tolerance = 1e-6 * max(1, abs(objective))
        let consistent = !solution.isEmpty && abs(-Cbc_getObjValue(model) - objective) <= tolerance
        if Cbc_isProvenOptimal(model) != 0 && consistent {
            return MIPOutcome(status: .optimal, solution: solution, objective: objective, bound: objective, nodes: nodes)
        }
        let bound = solution.isEmpty ? rawBound : consistent ? max(objective, rawBound) : .infinity
        return MIPOutcome(status: solution.isEmpty ? .stoppedWithoutSolution : .stoppedWithSolution,
                          solution: solution, objective: objective, bound: bound, nodes: nodes)
    }
}
