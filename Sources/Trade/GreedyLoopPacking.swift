/// A fast, deterministic packing of short loops (2 or 3 items) read straight off the pruned graph, for
/// nights too dense for the cycle formulation: when loop enumeration is cut short (the candidate limit or
/// the CPU budget), the exact solver only sees the loops of the first items, and this packing is the
/// better answer. It proves nothing and is only used when it trades more items than the truncated solve.
///
/// Items are visited in order; for each free item `a` its free in-neighbours are stamped, then the
/// cheapest 3-loop `a → b → c → a` over free items (distinct owners when asked) is taken, else the
/// cheapest swap `a ⇄ b` when the cap allows only 2 or no 3-loop exists. Each item's search stops after
/// `workPerItem` edge visits, so the packing costs O(items × workPerItem) whatever the density. Problems
/// with dummy items are not handled (their loops count real items only): `assignment` returns nil.
enum GreedyLoopPacking {
    /// Edge visits per item before its search stops (deterministic; no clock involved).
    static let workPerItem = 4_096

    /// The assignment over the graph's active items (`result[v]` = the item `v` receives; itself when
    /// it does not trade), or nil when the problem has dummies or the cap is below 2.
    static func assignment(problem: TradeProblem, graph: PrunedGraph, cap: Int, distinctOwners: Bool) -> [Int32]? {
        let n = graph.activeCount
        guard cap >= 2, !problem.items.contains(where: \.isDummy) else { return nil }
        // In-edges: for each active v, the u with a want edge u → v, and that edge's index for its cost.
        let (inStart, inSource, inEdge) = graph.reversedWantEdges(edgeIndices: true)
        let owner = graph.ownerOfActive
        func distinct(_ x: Int, _ y: Int) -> Bool { !distinctOwners || owner[x] < 0 || owner[x] != owner[y] }

        var next = (0..<n).map { Int32($0) }
        var free = [Bool](repeating: true, count: n)
        var stamp = [Int32](repeating: -1, count: n)
        var closingCost = [Int64](repeating: 0, count: n)
        for a in 0..<n where free[a] {
            for k in Int(inStart[a])..<Int(inStart[a + 1]) {
                let c = Int(inSource[k]), cost = graph.costs[Int(inEdge[k])]
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
                if stamp[b] == Int32(a), best2.map({ graph.costs[e] + closingCost[b] < $0.cost }) ?? true {
                    best2 = (b, graph.costs[e] + closingCost[b])
                }
                guard cap >= 3 else { continue }
                for f in Int(graph.rowStart[b])..<Int(graph.rowStart[b + 1]) {
                    work += 1
                    if work > workPerItem { break search }
                    let c = Int(graph.cols[f])
                    guard c != a, c != b, free[c], stamp[c] == Int32(a), distinct(a, c), distinct(b, c) else { continue }
                    let cost = graph.costs[e] + graph.costs[f] + closingCost[c]
                    if best3.map({ cost < $0.cost }) ?? true { best3 = (b, c, cost) }
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
