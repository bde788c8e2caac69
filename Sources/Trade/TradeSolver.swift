import MIPSolver

/// Finds the trade: maximum items traded, then minimum total priority cost (both exact and unique),
/// then, deterministically, more distinct users trading and a lower sum of squares of loop sizes.
///
/// Method: SCC pruning (edges between components can never be on a loop; singleton components are
/// orphans), then a sparse min-cost perfect assignment (`AssignmentSolver`) on "receiver i gets item j"
/// with a self edge per item at the non-trade cost. Costs are scaled by S = (active items + 1) × K and
/// every want edge carries a tie weight w(item shipped) ∈ [0, K] (K = 16 unless that could overflow;
/// 0 for hops into dummies, so routes through dummies are not penalised):
/// since the tie total stays below S, trades and cost are unchanged, and ties only choose among
/// optimal solutions. Tie-break rounds (FastTradeMaximizer's idea, made incremental and graded): in each
/// round, for every user still not trading, the weight of one of their items (round-robin) drops by 1,
/// and the assignment is re-optimised from the previous duals (only rows whose matched edge lost
/// tightness are re-augmented). Users who keep failing get ever stronger preference. The best round by (users trading desc, sum of squares asc,
/// round asc) wins. No randomness anywhere.
public enum TradeSolver {
    /// The MIP solver behind capped solves (for benchmark headers).
    public static var mipSolverVersion: String { "CBC " + CbcSolver.version }

    public static func solve(_ problem: TradeProblem, options: TradeSolverOptions = TradeSolverOptions()) -> TradeResult {
        // A capped solve's budget covers all of it: pruning, the uncapped solve, warm start, enumeration, MIP.
        let budget = CPUBudget(seconds: options.timeLimitSeconds)
        let graph = PrunedGraph(problem)
        if let requested = options.maxLoopLength, !options.uncappedReference {
            return cappedOnly(problem, graph: graph, cap: max(1, requested), options: options, budget: budget)
        }
        var bestEval = Evaluation.empty(problem)
        var rounds = 0
        var firstUsers = 0
        if graph.activeCount > 0 {
            let solver = graph.makeSolver(banned: [])
            solver.solve()
            bestEval = Evaluation(problem: problem, graph: graph, colOfRow: solver.colOfRow)
            firstUsers = bestEval.usersTrading
            // When the cap will replace this solution, its tie-break rounds would be wasted work.
            let replacedByCap = options.maxLoopLength.map { needsCappedSolve(bestEval, problem: problem, cap: max(1, $0), options: options) } ?? false
            if options.tieBreak && graph.tieUnit > 0 && !replacedByCap {
                // Tie weight per active item (weight of every want edge shipping it), lowered round by round.
                var weight = [Int64](repeating: graph.tieUnit, count: graph.activeCount)
                var current = bestEval
                let userItems = graph.activeItemsByUser(problem)
                var cursor = [Int](repeating: 0, count: userItems.count)
                var sinceImprovement = 0
                while rounds < options.maxTieBreakRounds && sinceImprovement < options.tieBreakPatience {
                    var lowered: [Int] = []
                    for (user, list) in userItems.enumerated() where !current.userTrades[user] && !list.isEmpty {
                        for _ in 0..<list.count {
                            let item = list[cursor[user] % list.count]
                            cursor[user] += 1
                            if weight[item] > 0 {
                                weight[item] -= 1
                                lowered.append(item)
                                break
                            }
                        }
                    }
                    if lowered.isEmpty { break }
                    rounds += 1
                    solver.lowerColumnCost(lowered, by: 1)
                    solver.solve()
                    current = Evaluation(problem: problem, graph: graph, colOfRow: solver.colOfRow)
                    // Trades and cost are invariant by construction; keep the guard anyway.
                    guard current.trades == bestEval.trades, current.totalCost == bestEval.totalCost else { break }
                    if current.usersTrading > bestEval.usersTrading
                        || (current.usersTrading == bestEval.usersTrading && current.sumSquares < bestEval.sumSquares) {
                        bestEval = current
                        sinceImprovement = 0
                    } else {
                        sinceImprovement += 1
                    }
                }
            }
        }
        var stats = bestEval.stats(problem: problem, graph: graph)
        stats.tieBreakRounds = rounds
        stats.usersTradingFirstSolve = firstUsers
        var chosen = bestEval
        if let requested = options.maxLoopLength {
            let cap = max(1, requested)
            stats.uncappedTrades = bestEval.trades
            stats.uncappedTotalCost = bestEval.totalCost
            if graph.activeCount > 0 && needsCappedSolve(bestEval, problem: problem, cap: cap, options: options) {
                var warm: [Int32]?
                var warmTrades: Int?
                if options.warmStart && graph.activeCount > 0 {
                    let heuristic = capLoops(problem: problem, graph: graph, start: bestEval, cap: max(2, cap), rounds: options.maxCapRounds,
                                             budget: budget)
                    warm = heuristic
                    warmTrades = Evaluation(problem: problem, graph: graph, colOfRow: heuristic).trades
                }
                let outcome = CappedTradeSolver.solve(problem: problem, graph: graph, cap: cap, options: options, warmStart: warm,
                                                      budget: budget)
                chosen = Evaluation(problem: problem, graph: graph, colOfRow: outcome.assignment)
                stats = cappedStats(chosen, outcome: outcome, problem: problem, graph: graph)
                stats.tieBreakRounds = rounds
                stats.usersTradingFirstSolve = firstUsers
                stats.uncappedTrades = bestEval.trades
                stats.uncappedTotalCost = bestEval.totalCost
                stats.warmStartTrades = warmTrades
            } else {
                // The uncapped optimum already fits: it is the capped optimum too.
                stats.optimal = true
                stats.itemsUpperBound = bestEval.trades
            }
            stats.maxLoopLength = cap
        }
        return TradeResult(problem: problem, receives: chosen.receives, receivedEdge: chosen.receivedEdge,
                           loops: chosen.loops, stats: stats)
    }

    /// A capped solve without the uncapped reference (`uncappedReference` off): the cycle formulation
    /// straight away, with no warm start (the capped solver's LP rounding gives its incumbent).
    private static func cappedOnly(_ problem: TradeProblem, graph: PrunedGraph, cap: Int, options: TradeSolverOptions,
                                   budget: CPUBudget) -> TradeResult {
        var chosen = Evaluation.empty(problem)
        var stats: TradeStats
        if graph.activeCount > 0 {
            let outcome = CappedTradeSolver.solve(problem: problem, graph: graph, cap: cap, options: options, warmStart: nil,
                                                  budget: budget)
            chosen = Evaluation(problem: problem, graph: graph, colOfRow: outcome.assignment)
            stats = cappedStats(chosen, outcome: outcome, problem: problem, graph: graph)
        } else {
            stats = chosen.stats(problem: problem, graph: graph)
            stats.optimal = true
            stats.tieBreakOptimal = true
            stats.itemsUpperBound = 0
        }
        stats.maxLoopLength = cap
        return TradeResult(problem: problem, receives: chosen.receives, receivedEdge: chosen.receivedEdge,
                           loops: chosen.loops, stats: stats)
    }

    /// The statistics of a capped solve's result: what is proven, the bound and gap, the loops and blocks.
    private static func cappedStats(_ chosen: Evaluation, outcome: CappedTradeSolver.Outcome, problem: TradeProblem,
                                    graph: PrunedGraph) -> TradeStats {
        var stats = chosen.stats(problem: problem, graph: graph)
        stats.optimal = outcome.optimal
        stats.tieBreakOptimal = outcome.tieBreakOptimal
        stats.itemsUpperBound = outcome.itemsUpperBound
        if !outcome.optimal, let bound = outcome.itemsUpperBound, bound > 0 {
            stats.gap = (Double(bound - chosen.trades) / Double(bound) * 1e6).rounded() / 1e6
        }
        stats.stopReason = outcome.stopReason
        stats.candidateLoops = outcome.candidateLoops
        stats.loopBlocks = outcome.blocks
        stats.solvedLoopBlocks = outcome.solvedBlocks
        return stats
    }

    /// Whether the uncapped optimum breaks the cap (a loop too long, or one repeating a user when loops
    /// must not); if not, it is the capped optimum too.
    private static func needsCappedSolve(_ evaluation: Evaluation, problem: TradeProblem, cap: Int, options: TradeSolverOptions) -> Bool {
        evaluation.loops.contains { loop in
            if loop.count > cap { return true }
            guard options.distinctUsersPerLoop else { return false }
            let owners = loop.compactMap { problem.items[Int($0)].owner }
            return Set(owners).count < owners.count
        }
    }

    /// The loop-cap heuristic alone (the exact solver's warm start), for benchmarks that compare against
    /// it: trades and cost of its loops of ≤ `cap` items. Never an answer of `solve`.
    public static func loopCapHeuristic(_ problem: TradeProblem, cap: Int, rounds: Int = 40) -> (trades: Int, totalCost: Int64) {
        let graph = PrunedGraph(problem)
        guard graph.activeCount > 0 else { return (0, 0) }
        let solver = graph.makeSolver(banned: [])
        solver.solve()
        let uncapped = Evaluation(problem: problem, graph: graph, colOfRow: solver.colOfRow)
        guard uncapped.loops.contains(where: { $0.count > cap }) else { return (uncapped.trades, uncapped.totalCost) }
        let heuristic = Evaluation(problem: problem, graph: graph,
                                   colOfRow: capLoops(problem: problem, graph: graph, start: uncapped, cap: max(2, cap), rounds: rounds))
        return (heuristic.trades, heuristic.totalCost)
    }

    /// Stage 1 of the capped solve (max items over loops of ≤ `cap` items) as CPLEX LP text, so the same
    /// model can be timed in another MIP solver.
    public static func cappedItemsProgramLP(_ problem: TradeProblem, cap: Int, distinctUsersPerLoop: Bool = false) -> String {
        let graph = PrunedGraph(problem)
        let cycles = CycleEnumerator(problem: problem, graph: graph, cap: cap, distinctOwners: distinctUsersPerLoop)
        return CappedTradeSolver.itemsProgram(problem: problem, graph: graph, cycles: cycles, loops: Array(0..<cycles.count)).program.lpText()
    }

    /// Loop-cap heuristic, used only as the exact solver's warm start (capping is NP-hard for caps ≥ 3): (1) repeatedly ban every cap-th
    /// first-hop edge of each too-long loop and re-solve; loops still too long after `rounds` re-solves
    /// are dropped; (2) the items left over are packed greedily with shortest loops (BFS, items in index
    /// order) of at most `cap` non-dummy items. The same packing from scratch is computed too and the
    /// better of the two (more trades, then lower cost) is kept. Only existing want edges are ever used,
    /// so edge filters such as the distance limit always hold.
    private static func capLoops(problem: TradeProblem, graph: PrunedGraph, start: Evaluation, cap: Int, rounds: Int,
                                 budget: CPUBudget? = nil) -> [Int32] {
        var banned = Set<Int32>()
        var current = start
        var assignment: [Int32] = graph.makeSolver(banned: []).solvedAssignment()
        var round = 0
        while round < rounds, !(budget?.isExhausted ?? false), current.loops.contains(where: { $0.count > cap }) {
            round += 1
            for loop in current.loops where loop.count > cap {
                for position in stride(from: cap - 1, to: loop.count, by: cap) {
                    if let edge = current.firstHopEdge[Int(loop[position])] { banned.insert(edge) }
                }
            }
            assignment = graph.makeSolver(banned: banned).solvedAssignment()
            current = Evaluation(problem: problem, graph: graph, colOfRow: assignment)
        }
        let repaired = packShortLoops(problem: problem, graph: graph, assignment: dropLongCycles(problem: problem, graph: graph, assignment: assignment, cap: cap), cap: cap)
        let fresh = packShortLoops(problem: problem, graph: graph, assignment: (0..<graph.activeCount).map { Int32($0) }, cap: cap)
        let a = Evaluation(problem: problem, graph: graph, colOfRow: repaired)
        let b = Evaluation(problem: problem, graph: graph, colOfRow: fresh)
        return (b.trades > a.trades || (b.trades == a.trades && b.totalCost < a.totalCost)) ? fresh : repaired
    }

    /// Sets every cycle of the active permutation with more than `cap` (or zero) non-dummy items to self.
    private static func dropLongCycles(problem: TradeProblem, graph: PrunedGraph, assignment: [Int32], cap: Int) -> [Int32] {
        var result = assignment
        var seen = [Bool](repeating: false, count: assignment.count)
        for start in assignment.indices where !seen[start] {
            var cycle: [Int] = []
            var k = start
            while !seen[k] {
                seen[k] = true
                cycle.append(k)
                k = Int(assignment[k])
            }
            let real = cycle.reduce(0) { $0 + (problem.items[Int(graph.itemOfActive[$1])].isDummy ? 0 : 1) }
            if real > cap || real == 0 { for v in cycle { result[v] = Int32(v) } }
        }
        return result
    }

    /// Adds loops of ≤ `cap` non-dummy items among the active vertices that `assignment` leaves on
    /// their self edge: for each such item in order, the loop through it with the fewest vertices (BFS).
    private static func packShortLoops(problem: TradeProblem, graph: PrunedGraph, assignment: [Int32], cap: Int) -> [Int32] {
        var result = assignment
        let n = graph.activeCount
        var free = (0..<n).map { result[$0] == Int32($0) }
        var parent = [Int32](repeating: -1, count: n)
        var depth = [Int32](repeating: 0, count: n)
        var mark = [Int32](repeating: -1, count: n)
        func isDummy(_ a: Int) -> Bool { problem.items[Int(graph.itemOfActive[a])].isDummy }
        for s in 0..<n where free[s] && !isDummy(s) {
            var queue = [s]
            var head = 0
            mark[s] = Int32(s)
            depth[s] = 1
            var closing = -1
            search: while head < queue.count {
                let v = queue[head]
                head += 1
                for e in Int(graph.rowStart[v])..<Int(graph.rowStart[v + 1]) where graph.edgeRef[e] >= 0 {
                    let w = Int(graph.cols[e])
                    if w == s { closing = v; break search }
                    guard free[w], mark[w] != Int32(s) else { continue }
                    let d = depth[v] + (isDummy(w) ? 0 : 1)
                    if d > Int32(cap) || queue.count > 4 * n { continue }
                    mark[w] = Int32(s)
                    parent[w] = Int32(v)
                    depth[w] = d
                    queue.append(w)
                }
            }
            guard closing >= 0 else { continue }
            // v receives w along the path s → … → closing → s.
            var w = s
            var v = closing
            while true {
                result[v] = Int32(w)
                free[v] = false
                if v == s { break }
                w = v
                v = Int(parent[v])
            }
        }
        return result
    }
}
