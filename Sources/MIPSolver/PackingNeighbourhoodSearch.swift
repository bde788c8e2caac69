import PipelineCore

/// LP-guided large-neighbourhood search for set-packing programs (the rows `PackingRows` accepts):
/// improves a feasible incumbent by repeatedly freeing a region and solving it exactly with CBC.
///
/// Each round picks a seed row the LP covers (its columns' LP values sum to ≥ ½) but the incumbent
/// leaves empty, grows a region from it breadth-first through the columns the LP or the incumbent use
/// (each row's columns in order of LP value, then index) until it holds `regionRows` rows, and frees
/// every column lying wholly inside the region that no kept incumbent column blocks. CBC maximises the
/// freed columns from the incumbent's part (at most `nodeLimit` nodes, a work limit); a strictly better
/// part replaces it. Rounds stop at `target` (e.g. ⌊LP bound⌋), after `patience` rounds in a row without
/// a gain, after `maxRounds`, or when `shouldStop` says so.
///
/// It only ever returns feasible points that are at least as good as the start, and proves nothing.
/// Deterministic: seeds come from a fixed-seed generator over a sorted candidate list, and CBC is
/// stopped by nodes, not time (a caller's `shouldStop` / `timeLimitSeconds` from a CPU budget are the
/// only timing-dependent stops, and a caller that uses them must not claim optimality from the result).
public enum PackingNeighbourhoodSearch {
    public struct Limits: Sendable {
        public var regionRows: Int
        public var maxRounds: Int
        public var patience: Int
        public var nodeLimit: Int
        public var seed: UInt64

        public init(regionRows: Int = 1000, maxRounds: Int = 300, patience: Int = 40, nodeLimit: Int = 200,
                    seed: UInt64 = 0x1005) {
            self.regionRows = regionRows
            self.maxRounds = maxRounds
            self.patience = patience
            self.nodeLimit = nodeLimit
            self.seed = seed
        }
    }

    /// What a search did: the improved point, its value, and the rounds run and won.
    public struct Result: Sendable {
        public var solution: [Bool]
        public var objective: Double
        public var rounds: Int
        public var improvingRounds: Int
    }

    /// Nil when `program` is not a set packing or `start` is not feasible.
    public static func improve(_ program: BinaryProgram, lpSolution: [Double], start: [Bool], target: Double,
                               limits: Limits = Limits(), timeLimitSeconds: () -> Double? = { nil },
                               shouldStop: () -> Bool = { false }) -> Result? {
        let n = program.columnCount
        let m = program.rowCount
        guard lpSolution.count == n, start.count == n, program.isSatisfied(by: start),
              let packing = PackingRows(program) else { return nil }
        let rowsOf = packing.rowsOf
        let weight = program.objective
        let lp = lpSolution
        // The LP's or the incumbent's columns, per row, in the order regions grow along.
        var guide = packing.columnsOf
        for r in 0..<m {
            guide[r] = guide[r].filter { lp[Int($0)] > 1e-6 || start[Int($0)] }
            guide[r].sort { lp[Int($0)] != lp[Int($1)] ? lp[Int($0)] > lp[Int($1)] : $0 < $1 }
        }
        let lpCover = (0..<m).map { r in packing.columnsOf[r].reduce(0.0) { $0 + lp[Int($1)] } }
        var holder = [Int32](repeating: -1, count: m)
        var taken = start
        for c in 0..<n where taken[c] { for r in rowsOf[c] { holder[Int(r)] = Int32(c) } }
        var value = (0..<n).reduce(0.0) { $0 + (taken[$1] ? weight[$1] : 0) }
        var random = SeededGenerator(seed: limits.seed)
        // Stamps mark region rows and freed columns per round without clearing arrays.
        var regionStamp = [Int32](repeating: -1, count: m)
        var columnStamp = [Int32](repeating: -1, count: n)
        var rounds = 0
        var improving = 0
        var sinceGain = 0
        while rounds < limits.maxRounds, sinceGain < limits.patience, value < target - 1e-9, !shouldStop() {
            let candidates = (0..<m).filter { holder[$0] < 0 && lpCover[$0] >= 0.5 }
            guard !candidates.isEmpty else { break }
            let stamp = Int32(rounds)
            rounds += 1
            sinceGain += 1
            let seed = candidates[Int(random.next() % UInt64(candidates.count))]
            var region = [seed]
            regionStamp[seed] = stamp
            var head = 0
            grow: while head < region.count {
                let r = region[head]
                head += 1
                for c in guide[r] {
                    for q in rowsOf[Int(c)] where regionStamp[Int(q)] != stamp {
                        regionStamp[Int(q)] = stamp
                        region.append(Int(q))
                        if region.count >= limits.regionRows { break grow }
                    }
                }
            }
            // Freed: columns wholly inside the region, not crossing a row a kept column holds.
            var free: [Int] = []
            for r in region {
                for c32 in packing.columnsOf[r] where columnStamp[Int(c32)] != stamp {
                    let c = Int(c32)
                    columnStamp[c] = stamp
                    guard weight[c] > 0 || taken[c] else { continue }
                    let inside = rowsOf[c].allSatisfy { q in
                        regionStamp[Int(q)] == stamp && (holder[Int(q)] < 0 || rowsOf[Int(holder[Int(q)])].allSatisfy { regionStamp[Int($0)] == stamp })
                    }
                    if inside { free.append(c) }
                }
            }
            free.sort()
            guard free.count > 1 else { continue }
            var sub = BinaryProgram()
            var subRow: [Int32: Int32] = [:]
            for c in free {
                let rows = rowsOf[c].map { q -> Int32 in
                    if let row = subRow[q] { return row }
                    let row = sub.addRow(lower: -.infinity, upper: 1)
                    subRow[q] = row
                    return row
                }
                sub.addColumn(objective: weight[c], rows: rows, values: rows.map { _ in 1 })
            }
            // Clp's crunch asserts on programs of fewer than 3 rows (coin-or/Clp issue #288; it aborted
            // this search's tests): such a region is too small to matter, so it is skipped.
            guard sub.rowCount >= 3 else { continue }
            let current = free.map { taken[$0] }
            let currentValue = zip(free, current).reduce(0.0) { $0 + ($1.1 ? weight[$1.0] : 0) }
            let outcome = CbcSolver.maximize(sub, timeLimitSeconds: timeLimitSeconds(), start: current, maxNodes: limits.nodeLimit)
            guard !outcome.solution.isEmpty, outcome.objective > currentValue + 1e-9 else { continue }
            for (i, c) in free.enumerated() where current[i] {
                taken[c] = false
                for q in rowsOf[c] { holder[Int(q)] = -1 }
            }
            for (i, c) in free.enumerated() where outcome.solution[i] {
                taken[c] = true
                for q in rowsOf[c] { holder[Int(q)] = Int32(c) }
            }
            value += outcome.objective - currentValue
            improving += 1
            sinceGain = 0
        }
        return Result(solution: taken, objective: value, rounds: rounds, improvingRounds: improving)
    }
}
