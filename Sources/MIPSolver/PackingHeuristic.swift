/// A primal heuristic for set-packing programs (maximise `objective · x`, every constrained row
/// `Σ x[c] ≤ 1` over its columns): LP rounding, then local search. It only ever returns feasible
/// points and proves nothing; an exact caller uses its value as an incumbent (and, with an LP bound,
/// for reduced-cost fixing).
///
/// 1. **Rounding**: the start's columns (when feasible), then every other column with a positive
///    objective in order of LP value (descending), objective (descending), index, taken when it fits.
/// 2. **Local search**, in passes over the columns not taken (same order): insert column `k`, drop the
///    taken columns it collides with, then refill the rows they freed with columns that now fit (each
///    freed row's columns in rank order); kept only when the objective strictly rises (1-for-2 swaps and longer
///    exchanges of that shape). Moves that cannot gain even with every freed row refilled at the best
///    weight-per-row ratio are skipped. Passes stop when one finds nothing, after `maxPasses`, or past
///    `workLimit`.
///
/// Deterministic: orders are total and nothing depends on hashing or timing.
public enum PackingHeuristic {
    /// Rows whose both sides are infinite are ignored. Every other row must be a packing row (all its
    /// coefficients 1, upper side 1, lower side ≤ 0); otherwise the program is not a set packing and the
    /// result is nil. `lpSolution` (one value per column) orders the rounding; `start` is a feasible
    /// point to begin from (ignored when infeasible). `workLimit` bounds the local search's row and column
    /// visits (a deterministic stop, unlike a clock).
    public static func solve(_ program: BinaryProgram, lpSolution: [Double]? = nil, start: [Bool]? = nil,
                             maxPasses: Int = 20, workLimit: Int = 20_000_000) -> [Bool]? {
        let n = program.columnCount
        let m = program.rowCount
        guard let packing = PackingRows(program) else { return nil }
        let rowsOf = packing.rowsOf
        var columnsOf = packing.columnsOf
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
        // The hottest test of the local search: a plain index loop (`allSatisfy` with a closure runs the standard
        // library's unspecialized generic loop in debug builds, a third of the test suite's trade time).
        func fits(_ c: Int) -> Bool {
            rowsOf[c].withUnsafeBufferPointer { rows in
                var i = 0
                while i < rows.count {
                    if holder[Int(rows[i])] >= 0 { return false }
                    i += 1
                }
                return true
            }
        }
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

        // Rows of every column sorted by rank, so a refill scans each freed row's best columns first.
        for r in 0..<m where columnsOf[r].count > 1 {
            columnsOf[r].sort { rank[Int($0)] != rank[Int($1)] ? rank[Int($0)] < rank[Int($1)] : $0 < $1 }
        }
        // A refill column of weight w covers ≥ w / ratio rows, so the rows freed bound what a refill adds.
        let ratio = order.reduce(0.0) { max($0, weight[$1] / Double(max(1, rowsOf[$1].count))) }
        var work = 0
        passes: for _ in 0..<maxPasses {
            var improved = false
            for k in order where !taken[k] {
                work += rowsOf[k].count
                if work > workLimit { break passes }
                var out: [Int] = []
                var held = 0
                for r in rowsOf[k] where holder[Int(r)] >= 0 {
                    held += 1
                    if !out.contains(Int(holder[Int(r)])) { out.append(Int(holder[Int(r)])) }
                }
                guard !out.isEmpty else {
                    take(k)
                    improved = true
                    continue
                }
                let loss = out.reduce(0.0) { $0 + weight[$1] }
                let freed = out.reduce(0) { $0 + rowsOf[$1].count } - held
                // Skip moves that cannot gain even if every freed row were refilled at the best ratio.
                guard weight[k] - loss + ratio * Double(freed) > 1e-9 else { continue }
                for c in out { drop(c) }
                take(k)
                // Only columns through a row freed by the drop can newly fit; each freed row's columns
                // are scanned in rank order.
                var added: [Int] = []
                var gain = weight[k] - loss
                for c in out {
                    for r in rowsOf[c] where holder[Int(r)] < 0 {
                        for j in columnsOf[Int(r)] {
                            work += 1
                            let candidate = Int(j)
                            if !taken[candidate] && weight[candidate] > 0 && fits(candidate) {
                                take(candidate)
                                added.append(candidate)
                                gain += weight[candidate]
                                break
                            }
                        }
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
