import MIPSolver

/// Exact trades with loops of at most `cap` non-dummy items: the cycle formulation (one binary per
/// loop of ≤ cap items, `CycleEnumerator`; each item, dummies included, in at most one chosen loop),
/// split into independent blocks (`LoopBlocks`: loops sharing no item and no owner never interact, so
/// every objective is the sum over blocks) and solved block by block by CBC in lexicographic stages, each
/// warm-started from the one before:
/// 1. maximise items traded (warm start: the loop-cap heuristic's loops, when given);
/// 2. with items fixed at that optimum, minimise total priority cost;
/// 3. with cost fixed too, maximise distinct users trading (a binary per user, ≤ the loops holding
///    one of their items);
/// 4. with users fixed too, minimise the sum of squares of loop sizes.
/// Stage 1's LP and work-limited heuristics run on every block first; then, block by block, the exact
/// search for blocks short of their bound (skipped once the whole result is within
/// `TradeSolverOptions.gapTolerance` of its bound) and the later stages.
/// A block whose loops are pairwise disjoint needs no solver: all its loops are taken. Everything (the
/// enumeration included) runs inside the caller's CPU budget; stages 3 and 4 get at most
/// `tieBreakStageSeconds` per block (they only choose among optimal trades, and keep the best found).
/// When the budget runs out, the best solution so far is kept and the summary says what is proven
/// (`optimal`, the items upper bound — the sum of the blocks' bounds — and the gap).
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
        /// Independent blocks, and how many of them needed the MIP solver.
        var blocks = 0
        var solvedBlocks = 0
        /// Set when not `optimal`: what stopped the search.
        var stopReason: TradeStopReason?
    }

    /// One block in progress: its program (with the rows fixing what earlier stages proved), the best
    /// columns so far and what is proven.
    private struct BlockState {
        var loops: [Int]
        var program: BlockProgram
        var best: [Bool]
        var optimal: Bool
        var itemsBound: Int
        var tieBreakOptimal = false
        /// Items not proven because the incumbent was already within `gapTolerance` of the bound.
        var withinGapTolerance = false
        var chosen: [Int] { (0..<loops.count).filter { best[$0] }.map { loops[$0] } }
    }

    static func solve(problem: TradeProblem, graph: PrunedGraph, cap: Int, options: TradeSolverOptions,
                      warmStart: [Int32]?, budget: CPUBudget) -> Outcome {
        let cycles = CycleEnumerator(problem: problem, graph: graph, cap: cap, distinctOwners: options.distinctUsersPerLoop,
                                     limit: options.maxCandidateLoops, workLimit: options.maxEnumerationWork, budget: budget)
        let n = graph.activeCount
        var assignment = (0..<n).map { Int32($0) }
        let truncatedBy: TradeStopReason = cycles.timedOut ? .timeLimit : .candidateLimit
        // A truncated list holds only the loops through the first items: a program over them would spend
        // the budget on part of the graph, so the greedy packing over all of it is the answer (nothing is
        // proven; the count-based limits make it the same on any machine). With dummies there is no greedy
        // packing, and the truncated loops are solved as they are.
        if cycles.truncated,
           let greedy = GreedyLoopPacking.assignment(problem: problem, graph: graph, cap: cap, distinctOwners: options.distinctUsersPerLoop) {
            return Outcome(assignment: greedy, optimal: false, tieBreakOptimal: false, itemsUpperBound: nil,
                           candidateLoops: cycles.count, candidateLoopsTruncated: true, stopReason: truncatedBy)
        }
        guard cycles.count > 0 else {
            return Outcome(assignment: assignment, optimal: !cycles.truncated, tieBreakOptimal: !cycles.truncated,
                           itemsUpperBound: cycles.truncated ? nil : 0, candidateLoops: 0, candidateLoopsTruncated: cycles.truncated,
                           stopReason: cycles.truncated ? truncatedBy : nil)
        }
        let warm = warmStart.map { startLoops(cycles: cycles, assignment: $0) } ?? []
        let blocks = LoopBlocks(problem: problem, graph: graph, cycles: cycles)
        // Pass 1, every block: items and cost (what `optimal` promises). Pass 2, while the budget lasts:
        // the tie-break stages, which only choose among those optima.
        var states: [BlockState] = []
        var relaxations: [LPRelaxation?] = []
        var chosen: [Int] = []
        var solved = 0
        for block in blocks.blocks {
            if LoopBlocks.isDisjoint(block, cycles: cycles) {
                chosen += block
                continue
            }
            let program = itemsProgram(problem: problem, graph: graph, cycles: cycles, loops: block)
            let start = (0..<program.program.columnCount).map { $0 < block.count && warm.contains(block[$0]) }
            var state = BlockState(loops: block, program: program, best: start, optimal: false, itemsBound: program.realVertices)
            var relaxation: LPRelaxation?
            if !budget.isExhausted {
                solved += 1
                relaxation = searchItems(&state, cycles: cycles, options: options, budget: budget)
            }
            states.append(state)
            relaxations.append(relaxation)
        }
        // Then block by block: the exact search for blocks short of their bound (only while the whole result
        // is further from its bound than the gap tolerance: counts, not time), and the cost stage.
        let disjointItems = chosen.reduce(0) { $0 + Int(cycles.realCount[$1]) }
        func count(_ state: BlockState) -> Int { itemCount(state.best, loops: state.loops, cycles: cycles) }
        for k in states.indices {
            guard let relaxation = relaxations[k] else { continue }
            if count(states[k]) < states[k].itemsBound {
                let bound = states.reduce(disjointItems) { $0 + $1.itemsBound }
                let missing = states.reduce(0) { $0 + $1.itemsBound - count($1) }
                if Double(missing) <= options.gapTolerance * Double(bound) {
                    states[k].withinGapTolerance = true
                    continue
                }
                guard !budget.isExhausted, options.exactSearch else { continue }
                improveItems(&states[k], relaxation: relaxation, problem: problem, graph: graph, cycles: cycles, budget: budget)
            }
            costStage(&states[k], relaxation: relaxation, problem: problem, graph: graph, cycles: cycles, budget: budget)
        }
        if options.tieBreak {
            for k in states.indices where states[k].optimal && !budget.isExhausted {
                tieBreak(&states[k], cycles: cycles, options: options, budget: budget)
            }
        }
        var optimal = !cycles.truncated
        var tieBreakOptimal = optimal
        // Disjoint blocks are optimal for every stage; their items are their loops' items.
        var bound = disjointItems
        for state in states {
            optimal = optimal && state.optimal
            tieBreakOptimal = tieBreakOptimal && state.tieBreakOptimal
            bound += state.itemsBound
            chosen += state.chosen
        }
        for k in chosen {
            let range = cycles.start[k]..<cycles.start[k + 1]
            for p in range {
                let next = p + 1 == range.upperBound ? range.lowerBound : p + 1
                assignment[Int(cycles.vertices[p])] = cycles.vertices[next]
            }
        }
        var stopReason: TradeStopReason?
        if cycles.truncated {
            stopReason = truncatedBy
        } else if !optimal {
            if states.allSatisfy({ $0.optimal || $0.withinGapTolerance }) {
                stopReason = .gapTolerance
            } else if budget.isExhausted {
                stopReason = .timeLimit
            }
        }
        // An unproven result (time limit, gap tolerance) is never fewer items than the greedy packing: a
        // budget cut in a large block's LP can leave its rounding far below it (the generated 300k night
        // with a 20 s budget: 3,998 items against the packing's 37,711). The bound stays valid.
        if !optimal, let greedy = GreedyLoopPacking.assignment(problem: problem, graph: graph, cap: cap,
                                                               distinctOwners: options.distinctUsersPerLoop),
           Evaluation(problem: problem, graph: graph, colOfRow: greedy).trades
            > Evaluation(problem: problem, graph: graph, colOfRow: assignment).trades {
            assignment = greedy
            tieBreakOptimal = false
        }
        return Outcome(assignment: assignment, optimal: optimal, tieBreakOptimal: tieBreakOptimal && optimal,
                       itemsUpperBound: cycles.truncated ? nil : bound, candidateLoops: cycles.count,
                       candidateLoopsTruncated: cycles.truncated, blocks: blocks.blocks.count, solvedBlocks: solved,
                       stopReason: stopReason)
    }

    /// Stage 1 of a block, items, up to the exact search: the LP relaxation (`LPRelaxation`, a bound
    /// verified from Clp's duals) first, then LP rounding + local search (`PackingHeuristic`) and an
    /// LP-guided neighbourhood search (`PackingNeighbourhoodSearch`) for an incumbent (work limits, not
    /// time). When the incumbent reaches ⌊bound⌋ it is proven without a MIP; else `solve` may run
    /// `improveItems`, which searches only the loops reduced costs leave open. Returns the relaxation.
    private static func searchItems(_ state: inout BlockState, cycles: CycleEnumerator, options: TradeSolverOptions,
                                    budget: CPUBudget) -> LPRelaxation {
        let loops = state.loops
        func items(_ solution: [Bool], _ of: [Int]) -> Int { itemCount(solution, loops: of, cycles: cycles) }
        var program = state.program.program
        program.objective = (0..<program.columnCount).map { $0 < loops.count ? Double(cycles.realCount[loops[$0]]) : 0 }
        let relaxation = LPRelaxation.solve(program, timeLimitSeconds: budget.remaining)
        state.itemsBound = min(state.itemsBound, Int((relaxation.bound + 1e-6).rounded(.down)))
        // LP rounding + local search, from the warm start and, on blocks large enough for the neighbourhood
        // search, from the LP alone too (on the 100k night the warm start's loops steer the rounding away
        // from the LP: 9,115 vs 9,265 items; small blocks keep the one start): incumbents only.
        let regionRows = min(options.neighbourhoodRegionRows, state.program.vertexRows / 3)
        let large = regionRows >= options.neighbourhoodMinRegionRows && options.neighbourhoodRounds > 0
        let starts: [[Bool]?] = large ? [state.best, nil] : [state.best]
        for start in starts where items(state.best, loops) < state.itemsBound {
            if let rounded = PackingHeuristic.solve(program, lpSolution: relaxation.solution, start: start),
               items(rounded, loops) > items(state.best, loops) {
                state.best = rounded
            }
        }
        // LP-guided neighbourhood search: regions around rows the LP covers and the incumbent does not,
        // each re-solved exactly by CBC under a node limit (`PackingNeighbourhoodSearch`; an incumbent only).
        if items(state.best, loops) < state.itemsBound, large,
           let searched = PackingNeighbourhoodSearch.improve(
               program, lpSolution: relaxation.solution, start: state.best, target: Double(state.itemsBound),
               limits: .init(regionRows: regionRows, maxRounds: options.neighbourhoodRounds),
               timeLimitSeconds: { budget.remaining }, shouldStop: { budget.isExhausted }),
           items(searched.solution, loops) > items(state.best, loops) {
            state.best = searched.solution
        }
        return relaxation
    }

    /// Stage 2 of a block whose items are proven (else nothing). First **reduced-cost fixing**: a loop
    /// whose LP bound with it taken is below the proven item
    /// optimum is in no items-optimal solution and is dropped for every later stage (on the 100k night
    /// most loops go). Stage 2, cost: the kept loops fall apart into smaller vertex-connected parts, each
    /// solved alone with the objective Σ (W · items − cost), W one more than the largest cost any of its
    /// solutions can have (each vertex receives once: the sum over its vertices of their dearest
    /// received edge), so one more item always outweighs any cost (exact: integers far below 2⁵³).
    /// The block's program is then rebuilt on the kept loops with one row fixing that optimum.
    private static func costStage(_ state: inout BlockState, relaxation: LPRelaxation, problem: TradeProblem,
                                  graph: PrunedGraph, cycles: CycleEnumerator, budget: CPUBudget) {
        let loops = state.loops
        let target = itemCount(state.best, loops: loops, cycles: cycles)
        guard target == state.itemsBound else { return }
        // Every items-optimal solution uses only loops whose bound, taken, still reaches the optimum.
        let keptColumns = loops.indices.filter { relaxation.boundWithColumnSet($0) >= Double(target) - 1e-6 }
        let kept = keptColumns.map { loops[$0] }
        var chosen = Set(keptColumns.filter { state.best[$0] }.map { loops[$0] })
        var costProven = true
        for part in vertexParts(kept, graph: graph, cycles: cycles) where !LoopBlocks.isDisjoint(part, cycles: cycles) {
            guard !budget.isExhausted else {
                costProven = false
                break
            }
            var partProgram = itemsProgram(problem: problem, graph: graph, cycles: cycles, loops: part, withUsers: false).program
            let weight = Double(costCeiling(part, problem: problem, graph: graph, cycles: cycles) + 1)
            partProgram.objective = part.map { weight * Double(cycles.realCount[$0]) - Double(cycles.cost[$0]) }
            let outcome = CbcSolver.maximize(partProgram, timeLimitSeconds: budget.remaining, start: part.map { chosen.contains($0) })
            if outcome.status != .optimal { costProven = false }
            // The start is items-optimal, so any solution CBC returns at least as good is too.
            if !outcome.solution.isEmpty {
                for (column, k) in part.enumerated() where outcome.solution[column] != chosen.contains(k) {
                    if outcome.solution[column] { chosen.insert(k) } else { chosen.remove(k) }
                }
            }
        }
        // The block continues on the kept loops only, with the cost stage's optimum fixed by a row.
        state.loops = kept
        state.program = itemsProgram(problem: problem, graph: graph, cycles: cycles, loops: kept)
        state.best = (0..<state.program.program.columnCount).map { $0 < kept.count && chosen.contains(kept[$0]) }
        guard costProven else { return }
        state.optimal = true
        state.itemsBound = target
        let weight = Double(costCeiling(kept, problem: problem, graph: graph, cycles: cycles) + 1)
        let combined = (0..<state.program.program.columnCount).map { c in
            c < kept.count ? weight * Double(cycles.realCount[kept[c]]) - Double(cycles.cost[kept[c]]) : 0
        }
        let value = kept.indices.reduce(0.0) { $0 + (state.best[$1] ? combined[$1] : 0) }
        state.program.program.addDenseRow(combined, lower: value - 0.5, upper: .infinity)
    }

    /// Stage 1's search for more items than the incumbent `state.best`, exact: a loop whose LP bound
    /// with it taken is below incumbent + 1 is in no strictly better solution (reduced-cost fixing), so
    /// only the other loops are searched. They fall apart into vertex-disjoint parts, each maximised by
    /// CBC on its own (from the incumbent's loops in it); the parts' optima summed is the best any
    /// solution avoiding the fixed loops reaches. If that beats the incumbent it is the optimum, else the
    /// incumbent is. Out of budget, the bound is the larger of the incumbent and the parts' bounds.
    private static func improveItems(_ state: inout BlockState, relaxation: LPRelaxation, problem: TradeProblem,
                                     graph: PrunedGraph, cycles: CycleEnumerator, budget: CPUBudget) {
        let loops = state.loops
        let incumbent = itemCount(state.best, loops: loops, cycles: cycles)
        let open = loops.indices.filter { relaxation.boundWithColumnSet($0) >= Double(incumbent + 1) - 1e-6 }
        let column = Dictionary(uniqueKeysWithValues: loops.enumerated().map { ($1, $0) })
        var found = Set<Int>()
        var partsItems = 0
        var partsBound = 0
        var proven = true
        for part in vertexParts(open.map { loops[$0] }, graph: graph, cycles: cycles) {
            if LoopBlocks.isDisjoint(part, cycles: cycles) {
                let all = part.reduce(0) { $0 + Int(cycles.realCount[$1]) }
                found.formUnion(part)
                partsItems += all
                partsBound += all
                continue
            }
            let built = itemsProgram(problem: problem, graph: graph, cycles: cycles, loops: part, withUsers: false)
            let partProgram = built.program
            let trivial = built.realVertices
            guard !budget.isExhausted else {
                proven = false
                partsBound += trivial
                continue
            }
            let start = part.map { state.best[column[$0]!] }
            let outcome = CbcSolver.maximize(partProgram, timeLimitSeconds: budget.remaining, start: start.contains(true) ? start : nil)
            var chosen = outcome.solution.isEmpty ? start : outcome.solution
            if outcome.solution.isEmpty
                || itemCount(outcome.solution, loops: part, cycles: cycles) < itemCount(start, loops: part, cycles: cycles) {
                chosen = start
            }
            let value = itemCount(chosen, loops: part, cycles: cycles)
            partsItems += value
            if outcome.status == .optimal {
                partsBound += value
            } else {
                proven = false
                partsBound += outcome.bound.isFinite ? min(trivial, Int((outcome.bound + 1e-6).rounded(.down))) : trivial
            }
            for (c, k) in part.enumerated() where chosen[c] { found.insert(k) }
        }
        if partsItems > incumbent {
            state.best = (0..<state.best.count).map { $0 < loops.count && found.contains(loops[$0]) }
        }
        // Every solution either uses a fixed loop (≤ incumbent items) or only open loops (≤ partsBound).
        state.itemsBound = min(state.itemsBound, max(incumbent, partsBound))
        if proven { state.itemsBound = max(incumbent, partsItems) }
    }

    /// Non-dummy items traded by the loops `solution` takes (`solution[c]` for `loops[c]`; columns past
    /// `loops.count`, e.g. user columns, are ignored).
    private static func itemCount(_ solution: [Bool], loops: [Int], cycles: CycleEnumerator) -> Int {
        loops.indices.reduce(0) { $0 + (solution[$1] ? Int(cycles.realCount[loops[$1]]) : 0) }
    }

    /// The largest total cost any packing of `loops` can have: every vertex receives at most once, so the
    /// sum over vertices of the dearest edge it receives along in one of the loops.
    private static func costCeiling(_ loops: [Int], problem: TradeProblem, graph: PrunedGraph, cycles: CycleEnumerator) -> Int64 {
        var dearest: [Int32: Int64] = [:]
        for k in loops {
            for p in cycles.start[k]..<cycles.start[k + 1] {
                let v = cycles.vertices[p]
                guard !problem.items[Int(graph.itemOfActive[Int(v)])].isDummy else { continue }
                let cost = problem.edgeCost(Int(graph.edgeRef[Int(cycles.slots[p])]))
                dearest[v] = max(dearest[v] ?? 0, cost)
            }
        }
        return dearest.values.reduce(0, +)
    }

    /// `loops` split into groups that share no vertex with each other (ascending, smallest group first).
    private static func vertexParts(_ loops: [Int], graph: PrunedGraph, cycles: CycleEnumerator) -> [[Int]] {
        var sets = DisjointSets(count: loops.count)
        var first: [Int32: Int] = [:]
        for (i, k) in loops.enumerated() {
            for p in cycles.start[k]..<cycles.start[k + 1] {
                let v = cycles.vertices[p]
                if let j = first[v] {
                    sets.union(i, j)
                } else {
                    first[v] = i
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in loops.indices { groups[sets.find(i), default: []].append(loops[i]) }
        return groups.values.sorted { $0.count != $1.count ? $0.count < $1.count : $0[0] < $1[0] }
    }

    /// Stages 3 and 4 of a block whose items and cost are proven: most distinct users trading, then the
    /// smallest sum of squares of loop sizes, each within `tieBreakStageSeconds`.
    private static func tieBreak(_ state: inout BlockState, cycles: CycleEnumerator, options: TradeSolverOptions, budget: CPUBudget) {
        let loops = state.loops
        var program = state.program.program
        let loopColumns = loops.count
        let rows = state.program.vertexRows
        let userCount = program.columnCount - loopColumns
        func share() -> Double { min(budget.remaining, options.tieBreakStageSeconds) }
        if userCount > 0 {
            for user in 0..<userCount { program.rowUpper[rows + user] = 0 }
            program.objective = (0..<program.columnCount).map { $0 < loopColumns ? 0 : 1 }
            let third = CbcSolver.maximize(program, timeLimitSeconds: share(),
                                           start: withUsers(state.best, program: program, loopColumns: loopColumns, firstUserRow: rows))
            if !third.solution.isEmpty { state.best = third.solution }
            guard third.status == .optimal, !budget.isExhausted else { return }
            program.addDenseRow((0..<program.columnCount).map { $0 < loopColumns ? 0 : 1 },
                                lower: third.objective.rounded() - 0.5, upper: .infinity)
        }
        program.objective = (0..<program.columnCount).map { c in
            c < loopColumns ? -Double(cycles.realCount[loops[c]]) * Double(cycles.realCount[loops[c]]) : 0
        }
        let fourth = CbcSolver.maximize(program, timeLimitSeconds: share(),
                                        start: withUsers(state.best, program: program, loopColumns: loopColumns, firstUserRow: rows))
        if !fourth.solution.isEmpty { state.best = fourth.solution }
        state.tieBreakOptimal = fourth.status == .optimal
    }

    /// A block's stage-1 program and its shape.
    struct BlockProgram {
        var program: BinaryProgram
        /// Rows 0..<vertexRows are the block's vertices; user rows follow.
        var vertexRows: Int
        /// Non-dummy vertices of the block (a trivial bound on items).
        var realVertices: Int
    }

    /// Stage 1's program for `loops`. Rows: each vertex the loops touch in at most one loop; then per
    /// owner u: y_u ≤ Σ loops holding u's items (free until stage 3). Columns: the loops (objective:
    /// their non-dummy items), then one y per owner.
    static func itemsProgram(problem: TradeProblem, graph: PrunedGraph, cycles: CycleEnumerator, loops: [Int],
                             withUsers: Bool = true) -> BlockProgram {
        var vertexRow: [Int32: Int32] = [:]
        var userRow: [Int32: Int32] = [:]
        var realVertices = 0
        for k in loops {
            for p in cycles.start[k]..<cycles.start[k + 1] where vertexRow[cycles.vertices[p]] == nil {
                let v = cycles.vertices[p]
                vertexRow[v] = Int32(vertexRow.count)
                if !problem.items[Int(graph.itemOfActive[Int(v)])].isDummy { realVertices += 1 }
            }
        }
        let vertexRows = vertexRow.count
        for k in loops {
            for p in cycles.start[k]..<cycles.start[k + 1] {
                let item = Int(graph.itemOfActive[Int(cycles.vertices[p])])
                let user = graph.userOfItem[item]
                if withUsers && user >= 0 && !problem.items[item].isDummy && userRow[user] == nil {
                    userRow[user] = Int32(vertexRows + userRow.count)
                }
            }
        }
        var program = BinaryProgram()
        for _ in 0..<vertexRows { program.addRow(lower: -.infinity, upper: 1) }
        for _ in 0..<userRow.count { program.addRow(lower: -.infinity, upper: .infinity) }
        var rows: [Int32] = []
        var values: [Double] = []
        for k in loops {
            rows.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            var users: [Int32] = []
            for p in cycles.start[k]..<cycles.start[k + 1] {
                let v = cycles.vertices[p]
                rows.append(vertexRow[v]!)
                values.append(1)
                let item = Int(graph.itemOfActive[Int(v)])
                if let row = userRow[graph.userOfItem[item]], !problem.items[item].isDummy, !users.contains(row) { users.append(row) }
            }
            for row in users.sorted() {
                rows.append(row)
                values.append(-1)
            }
            program.addColumn(objective: Double(cycles.realCount[k]), rows: rows, values: values)
        }
        // User columns in row order (deterministic: rows were numbered in loop order).
        for row in userRow.values.sorted() { program.addColumn(objective: 0, rows: [row], values: [1]) }
        return BlockProgram(program: program, vertexRows: vertexRows, realVertices: realVertices)
    }

    /// The candidate loops that `assignment` (active vertex → the vertex it receives) uses; its loops not
    /// in the candidate list (too long, or repeating an owner when loops must not) are left out.
    private static func startLoops(cycles: CycleEnumerator, assignment: [Int32]) -> Set<Int> {
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
        var result = Set<Int>()
        for k in 0..<cycles.count where chosen.contains(Array(cycles.vertices[cycles.start[k]..<cycles.start[k + 1]])) {
            result.insert(k)
        }
        return result
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
