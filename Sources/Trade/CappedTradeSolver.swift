#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MIPSolver

/// Exact trades with loops of at most `cap` non-dummy items: the cycle formulation (one binary per
/// loop of ≤ cap items, `CycleEnumerator`; each item, dummies included, in at most one chosen loop),
/// solved by CBC in lexicographic stages, each warm-started from the one before:
/// 1. maximise items traded (warm start: the loop-cap heuristic's solution, when given);
/// 2. with items fixed at that optimum, minimise total priority cost;
/// 3. with cost fixed too, maximise distinct users trading (a binary per user, ≤ the loops holding
///    one of their items);
/// 4. with users fixed too, minimise the sum of squares of loop sizes.
/// Stages share one CPU-time budget; stages 3 and 4 get at most `tieBreakStageSeconds` each (they only
/// choose among optimal trades, and keep the best found). When the budget runs out, the best solution so far is kept and the
/// summary says what is proven (`optimal`, the items upper bound and the gap of stage 1).
enum CappedTradeSolver {
    struct Outcome {
        var assignment: [Int32]
        /// Items and cost proven optimal.
        var optimal: Bool
        /// Users-trading and sum-of-squares stages both proven within their time share.
        var tieBreakOptimal: Bool
        var itemsUpperBound: Int?
        var candidateLoops: Int
        var candidateLoopsTruncated: Bool
    }

    static func solve(problem: TradeProblem, graph: PrunedGraph, cap: Int, options: TradeSolverOptions,
                      warmStart: [Int32]?) -> Outcome {
        // The budget is CPU time, as CBC's own limit is, so a loaded machine does not cut a solve short.
        let begin = clock()
        func remaining() -> Double {
            let seconds = Double(clock() - begin) / Double(CLOCKS_PER_SEC)
            return max(0.01, options.timeLimitSeconds - seconds)
        }
        let cycles = CycleEnumerator(problem: problem, graph: graph, cap: cap, distinctOwners: options.distinctUsersPerLoop,
                                     limit: options.maxCandidateLoops)
        let n = graph.activeCount
        var identity = (0..<n).map { Int32($0) }
        guard cycles.count > 0 else {
            return Outcome(assignment: identity, optimal: !cycles.truncated, tieBreakOptimal: true, itemsUpperBound: cycles.truncated ? nil : 0,
                           candidateLoops: 0, candidateLoopsTruncated: cycles.truncated)
        }
        let userCount = graph.userNames.count
        var program = itemsProgram(problem: problem, graph: graph, cycles: cycles)
        let loopColumns = cycles.count
        let columnCount = program.columnCount

        // Stage 1: items.
        let start = warmStart.map { startColumns(cycles: cycles, assignment: $0, columnCount: columnCount) }
        let first = CbcSolver.maximize(program, timeLimitSeconds: remaining(), start: start)
        // A bound CBC could not give is replaced by the trivial one: every non-dummy active item.
        let realActive = (0..<n).reduce(0) { $0 + (problem.items[Int(graph.itemOfActive[$1])].isDummy ? 0 : 1) }
        let provenBound = first.bound.isFinite ? min(realActive, Int((first.bound + 1e-6).rounded(.down))) : realActive
        guard !first.solution.isEmpty else {
            return Outcome(assignment: identity, optimal: false, tieBreakOptimal: false, itemsUpperBound: cycles.truncated ? nil : provenBound,
                           candidateLoops: cycles.count, candidateLoopsTruncated: cycles.truncated)
        }
        var best = first.solution
        let items = first.objective.rounded()
        var optimal = first.status == .optimal && !cycles.truncated
        var tieBreakOptimal = false
        // The tie-break stages only choose among optimal trades: each gets a bounded share of the budget.
        func tieBreakShare() -> Double { min(remaining(), options.tieBreakStageSeconds) }
        let upper = cycles.truncated ? nil : provenBound
        if first.status == .optimal {
            // Stage 2: cost.
            let realCounts = (0..<columnCount).map { $0 < loopColumns ? Double(cycles.realCount[$0]) : 0 }
            program.addDenseRow(realCounts, lower: items - 0.5, upper: .infinity)
            program.objective = (0..<columnCount).map { $0 < loopColumns ? -Double(cycles.cost[$0]) : 0 }
            // When every loop costs the same per item (no priorities), all max-item packings cost the same.
            let perItem = Double(cycles.cost[0]) / Double(cycles.realCount[0])
            let uniform = (0..<loopColumns).allSatisfy { Double(cycles.cost[$0]) == perItem * Double(cycles.realCount[$0]) }
            let second = uniform
                ? MIPOutcome(status: .optimal, solution: best, objective: -perItem * items, bound: -perItem * items, nodes: 0)
                : CbcSolver.maximize(program, timeLimitSeconds: remaining(), start: best)
            if !second.solution.isEmpty { best = second.solution }
            optimal = optimal && second.status == .optimal
            if second.status == .optimal && options.tieBreak {
                let cost = -second.objective.rounded()
                program.addDenseRow((0..<columnCount).map { $0 < loopColumns ? Double(cycles.cost[$0]) : 0 },
                                    lower: -.infinity, upper: cost + 0.5)
                // Stage 3: users trading (only when the items have owners).
                var usersFixed = true
                if userCount > 0 {
                    for user in 0..<userCount { program.rowUpper[n + user] = 0 }
                    program.objective = (0..<columnCount).map { $0 < loopColumns ? 0 : 1 }
                    let third = CbcSolver.maximize(program, timeLimitSeconds: tieBreakShare(), start: withUsers(best, program: program, loopColumns: loopColumns, firstUserRow: n))
                    if !third.solution.isEmpty { best = third.solution }
                    usersFixed = third.status == .optimal
                    if usersFixed {
                        program.addDenseRow((0..<columnCount).map { $0 < loopColumns ? 0 : 1 },
                                            lower: third.objective.rounded() - 0.5, upper: .infinity)
                    }
                }
                // Stage 4: sum of squares of loop sizes.
                if usersFixed {
                    program.objective = (0..<columnCount).map {
                        $0 < loopColumns ? -Double(cycles.realCount[$0]) * Double(cycles.realCount[$0]) : 0
                    }
                    let fourth = CbcSolver.maximize(program, timeLimitSeconds: tieBreakShare(), start: withUsers(best, program: program, loopColumns: loopColumns, firstUserRow: n))
                    if !fourth.solution.isEmpty { best = fourth.solution }
                    tieBreakOptimal = fourth.status == .optimal
                }
            }
        }
        for k in 0..<loopColumns where best[k] {
            let range = cycles.start[k]..<cycles.start[k + 1]
            for p in range {
                let next = p + 1 == range.upperBound ? range.lowerBound : p + 1
                identity[Int(cycles.vertices[p])] = cycles.vertices[next]
            }
        }
        return Outcome(assignment: identity, optimal: optimal, tieBreakOptimal: tieBreakOptimal, itemsUpperBound: upper,
                       candidateLoops: cycles.count, candidateLoopsTruncated: cycles.truncated)
    }

    /// Stage 1's program. Rows 0..<n: each active vertex in at most one loop. Rows n..<n+U:
    /// y_u ≤ Σ loops holding u's items (free until stage 3). Columns: loops (objective: items), then one y per user.
    static func itemsProgram(problem: TradeProblem, graph: PrunedGraph, cycles: CycleEnumerator) -> BinaryProgram {
        let n = graph.activeCount
        let userCount = graph.userNames.count
        var program = BinaryProgram()
        for _ in 0..<n { program.addRow(lower: -.infinity, upper: 1) }
        for _ in 0..<userCount { program.addRow(lower: -.infinity, upper: .infinity) }
        var rows: [Int32] = []
        var values: [Double] = []
        for k in 0..<cycles.count {
            rows.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            var users: [Int32] = []
            for p in cycles.start[k]..<cycles.start[k + 1] {
                let v = cycles.vertices[p]
                rows.append(v)
                values.append(1)
                let item = Int(graph.itemOfActive[Int(v)])
                let user = graph.userOfItem[item]
                if user >= 0 && !problem.items[item].isDummy && !users.contains(user) { users.append(user) }
            }
            for user in users.sorted() {
                rows.append(Int32(n) + user)
                values.append(-1)
            }
            program.addColumn(objective: Double(cycles.realCount[k]), rows: rows, values: values)
        }
        for user in 0..<userCount { program.addColumn(objective: 0, rows: [Int32(n + user)], values: [1]) }
        return program
    }

    /// The loop columns that `assignment` (active vertex → the vertex it receives) uses; loops not in the
    /// candidate list are left out (the rest stays feasible).
    private static func startColumns(cycles: CycleEnumerator, assignment: [Int32], columnCount: Int) -> [Bool] {
        var chosen = Set<[Int32]>()
        var seen = [Bool](repeating: false, count: assignment.count)
        for v in assignment.indices where !seen[v] && assignment[v] != Int32(v) {
            var loop: [Int32] = []
            var k = v
            while !seen[k] {
                seen[k] = true
                loop.append(Int32(k))
                k = Int(assignment[k])
            }
            let lowest = loop.indices.min { loop[$0] < loop[$1] }!
            chosen.insert(Array(loop[lowest...] + loop[..<lowest]))
        }
        var start = [Bool](repeating: false, count: columnCount)
        for k in 0..<cycles.count where chosen.contains(Array(cycles.vertices[cycles.start[k]..<cycles.start[k + 1]])) {
            start[k] = true
        }
        return start
    }

    /// `solution` with every user column set to whether the chosen loops hold one of the user's items.
    private static func withUsers(_ solution: [Bool], program: BinaryProgram, loopColumns: Int, firstUserRow: Int) -> [Bool] {
        var result = solution
        let userCount = program.columnCount - loopColumns
        for c in loopColumns..<program.columnCount { result[c] = false }
        for c in 0..<loopColumns where solution[c] {
            for k in Int(program.columnStart[c])..<Int(program.columnStart[c + 1]) {
                let user = Int(program.rowIndex[k]) - firstUserRow
                if user >= 0 && user < userCount { result[loopColumns + user] = true }
            }
        }
        return result
    }
}
