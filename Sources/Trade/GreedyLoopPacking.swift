/// A fast, deterministic packing of short loops (2 or 3 items) read straight off the pruned graph, for
/// nights too dense for the cycle formulation: when loop enumeration is cut short (its loop or work limit,
/// or the CPU budget), the exact solver would only see the loops of the first items, so this packing over
/// the whole graph is the answer instead. It proves nothing.
///
/// Fewest options first: items are visited by their *options*, in-degree × out-degree in the pruned graph
/// (the 2-paths through them), then index. For each free item `a` its free in-neighbours are stamped, then
/// the 3-loop `a → b → c → a` over free items (distinct owners when asked) whose other two items have the
/// fewest options together is taken (then the cheapest), else such a swap `a ⇄ b` when the cap allows only
/// 2 or no 3-loop exists: a loop spends the items with fewest alternatives, and keeps the others for later
/// loops. (Against index order and the cheapest loop: 37,711 trades against 32,286 on the generated 300k
/// night, bound 42,474; 168,443 against 143,205 at 1M; README, *Trades*.) Each item's search stops after
/// `workPerItem` edge visits, so the packing costs O(items × workPerItem) whatever the density. Problems
/// with dummy items are not handled (their loops count real items only): `assignment` returns nil.
enum GreedyLoopPacking {
    /// Edge visits per item before its search stops (deterministic; no clock involved).
    static let workPerItem = 16_384

    /// The assignment over the graph's active items (`result[v]` = the item `v` receives; itself when
    /// it does not trade), or nil when the problem has dummies or the cap is below 2.
    static func assignment(problem: TradeProblem, graph: PrunedGraph, cap: Int, distinctOwners: Bool) -> [Int32]? {
        let n = graph.activeCount
        guard cap >= 2, !problem.items.contains(where: \.isDummy) else { return nil }
        // In-edges: for each active v, the u with a want edge u → v, and that edge's index for its cost.
        let (inStart, inSource, inEdge) = graph.reversedWantEdges(edgeIndices: true)
        let owner = graph.ownerOfActive
        func distinct(_ x: Int, _ y: Int) -> Bool { !distinctOwners || owner[x] < 0 || owner[x] != owner[y] }

        var options = [Int](repeating: 0, count: n)
        for v in 0..<n {
            var outDegree = 0
            for e in Int(graph.rowStart[v])..<Int(graph.rowStart[v + 1]) where graph.edgeRef[e] >= 0 { outDegree += 1 }
            options[v] = outDegree * (Int(inStart[v + 1]) - Int(inStart[v]))
        }
        let order = (0..<n).sorted { options[$0] != options[$1] ? options[$0] < options[$1] : $0 < $1 }

        var next = (0..<n).map { Int32($0) }
        var free = [Bool](repeating: true, count: n)
        var stamp = [Int32](repeating: -1, count: n)
        var closingCost = [Int64](repeating: 0, count: n)
        for a in order where free[a] {
            for k in Int(inStart[a])..<Int(inStart[a + 1]) {
                let c = Int(inSource[k]), cost = graph.cost(Int(inEdge[k]))
                if free[c] && (stamp[c] != Int32(a) || cost < closingCost[c]) {
                    stamp[c] = Int32(a)
                    closingCost[c] = cost
                }
            }
            var work = 0
            var best3: (b: Int, c: Int, cost: Int64)?
            var best2: (b: Int, cost: Int64)?
            search: for e in Int(graph.rowStart[a])..<Int(graph.rowStart[a + 1]) {
                let b = Int(graph.cols[e])
                guard b != a, free[b], distinct(a, b) else { continue }
                let costE = graph.cost(e)
                if stamp[b] == Int32(a) {
                    let cost = costE + closingCost[b]
                    if best2.map({ (options[b], cost) < (options[$0.b], $0.cost) }) ?? true { best2 = (b, cost) }
                }
                guard cap >= 3 else { continue }
                for f in Int(graph.rowStart[b])..<Int(graph.rowStart[b + 1]) {
                    work += 1
                    if work > workPerItem { break search }
                    let c = Int(graph.cols[f])
                    guard c != a, c != b, free[c], stamp[c] == Int32(a), distinct(a, c), distinct(b, c) else { continue }
                    let cost = costE + graph.cost(f) + closingCost[c]
                    let spent = options[b] + options[c]
                    if best3.map({ (spent, cost) < (options[$0.b] + options[$0.c], $0.cost) }) ?? true { best3 = (b, c, cost) }
                }
            }
            if let loop = best3 {
                next[a] = Int32(loop.b)
                next[loop.b] = Int32(loop.c)
                next[loop.c] = Int32(a)
                free[a] = false
                free[loop.b] = false
                free[loop.c] = false
            } else if let swap = best2 {
                next[a] = Int32(swap.b)
                next[swap.b] = Int32(a)
                free[a] = false
                free[swap.b] = false
            }
        }
        return next
    }
}
