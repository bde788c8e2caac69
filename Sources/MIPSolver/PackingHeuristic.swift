/// A primal heuristic for set-packing programs (maximise `objective · x`, every constrained row
/// `Σ x[c] ≤ 1` over its columns): LP rounding, then local search. It only ever returns feasible
/// points and proves nothing; an exact caller uses its value as an incumbent (and, with an LP bound,
/// for reduced-cost fixing).
///
/// 1. **Rounding**: the start's columns (when feasible), then every other column with a positive
///    objective in order of LP value (descending), objective (descending), index, taken when it fits.
/// 2. **Local search**, in passes over the columns not taken (same order): insert column `k`, drop the
///    taken columns it collides with, then refill the rows they freed with columns that now fit (same
///    order); kept only when the objective strictly rises (1-for-2 swaps and longer exchanges of that
///    shape). Passes stop when one finds nothing or after `maxPasses`.
///
/// Deterministic: orders are total and nothing depends on hashing or timing.
public enum PackingHeuristic {
    /// Rows whose both sides are infinite are ignored. Every other row must be a packing row (all its
    /// coefficients 1, upper side 1, lower side ≤ 0); otherwise the program is not a set packing and the
    /// result is nil. `lpSolution` (one value per column) orders the rounding; `start` is a feasible
    /// point to begin from (ignored when infeasible).
    public static func solve(_ program: BinaryProgram, lpSolution: [Double]? = nil, start: [Bool]? = nil,
                             maxPasses: Int = 50) -> [Bool]? {
        let n = program.columnCount
        let m = program.rowCount
        var constrained = [Bool](repeating: false, count: m)
        for r in 0..<m where program.rowLower[r].isFinite || program.rowUpper[r].isFinite {
            guard program.rowUpper[r] == 1, !(program.rowLower[r] > 0) else { return nil }
            constrained[r] = true
        }
        // Column → its constrained rows; row → its columns.
        var rowsOf = [[Int32]](repeating: [], count: n)
        var columnsOf = [[Int32]](repeating: [], count: m)
        for c in 0..<n {
            for k in Int(program.columnStart[c])..<Int(program.columnStart[c + 1]) {
                let r = Int(program.rowIndex[k])
                guard constrained[r] else { continue }
                guard program.value[k] == 1 else { return nil }
                rowsOf[c].append(Int32(r))
                columnsOf[r].append(Int32(c))
            }
        }
        let weight = program.objective
        let lp = lpSolution?.count == n ? lpSolution! : [Double](repeating: 0, count: n)
        // Rounding order: LP value, objective, index (total).
        let order = (0..<n).filter { weight[$0] > 0 }.sorted { a, b in
            if lp[a] != lp[b] { return lp[a] > lp[b] }
            if weight[a] != weight[b] { return weight[a] > weight[b] }
            return a < b
        }
        var rank = [Int32](repeating: Int32.max, count: n)
        for (i, c) in order.enumerated() { rank[c] = Int32(i) }
        // holder[r]: the taken column occupying row r, or -1.
        var holder = [Int32](repeating: -1, count: m)
        var taken = [Bool](repeating: false, count: n)
        func fits(_ c: Int) -> Bool { rowsOf[c].allSatisfy { holder[Int($0)] < 0 } }
        func take(_ c: Int) {
            taken[c] = true
            for r in rowsOf[c] { holder[Int(r)] = Int32(c) }
        }
        func drop(_ c: Int) {
            taken[c] = false
            for r in rowsOf[c] { holder[Int(r)] = -1 }
        }
        if let start, start.count == n, program.isSatisfied(by: start) {
            for c in 0..<n where start[c] && fits(c) { take(c) }
        }
        for c in order where !taken[c] && fits(c) { take(c) }

        for _ in 0..<maxPasses {
            var improved = false
            for k in order where !taken[k] {
                var out: [Int] = []
                for r in rowsOf[k] where holder[Int(r)] >= 0 && !out.contains(Int(holder[Int(r)])) {
                    out.append(Int(holder[Int(r)]))
                }
                let loss = out.reduce(0.0) { $0 + weight[$1] }
                guard !out.isEmpty else {
                    take(k)
                    improved = true
                    continue
                }
                for c in out { drop(c) }
                take(k)
                // Only columns touching a row freed by the drop can newly fit.
                var candidates: [Int32] = []
                for c in out {
                    for r in rowsOf[c] where holder[Int(r)] < 0 {
                        for j in columnsOf[Int(r)] where !taken[Int(j)] && weight[Int(j)] > 0 { candidates.append(j) }
                    }
                }
                candidates.sort { rank[Int($0)] != rank[Int($1)] ? rank[Int($0)] < rank[Int($1)] : $0 < $1 }
                var added: [Int] = []
                var gain = weight[k] - loss
                var previous: Int32 = -1
                for j in candidates where j != previous {
                    previous = j
                    let c = Int(j)
                    if !taken[c] && fits(c) {
                        take(c)
                        added.append(c)
                        gain += weight[c]
                    }
                }
                if gain > 1e-9 {
                    improved = true
                } else {
                    for c in added { drop(c) }
                    drop(k)
                    for c in out { take(c) }
                }
            }
            if !improved { break }
        }
        return taken
    }
}
