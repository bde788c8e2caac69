/// Every simple cycle of the pruned graph with 1…`cap` non-dummy items (dummies are free hops, as in
/// the uncapped solver, and a dummy-only cycle is no trade), each once: a cycle is listed from its
/// lowest active vertex, and only through higher vertices. With `distinctOwners`, cycles holding two
/// items of the same owner are skipped. A reverse 0-1 BFS from each start bounds the search: a vertex
/// is entered only if it can still get back to the start within the cap. The search stops, truncated, at
/// `limit` cycles or `workLimit` units of work (edges the BFS scans plus DFS steps; counted, not timed,
/// so where it stops does not depend on the machine) or when the CPU budget runs out.
struct CycleEnumerator {
    /// Flat vertices (active indices) of all cycles; cycle `k` is `vertices[start[k]..<start[k + 1]]`,
    /// where each vertex receives the next one (cyclically).
    var vertices: [Int32] = []
    var start: [Int] = [0]
    /// Per cycle: non-dummy items, and summed cost of their first-hop want edges (real cost units).
    var realCount: [Int32] = []
    var cost: [Int64] = []
    /// Per cycle position: the CSR slot of the edge it receives along (parallel to `vertices`).
    var slots: [Int32] = []
    /// True when `limit` cycles or `workLimit` were reached or the budget ran out: the list is incomplete.
    var truncated = false
    /// Units of work done: edges scanned by the reverse BFS plus DFS steps.
    private(set) var work = 0
    /// True when the CPU budget ran out during enumeration.
    var timedOut = false

    var count: Int { realCount.count }

    init(problem: TradeProblem, graph: PrunedGraph, cap: Int, distinctOwners: Bool, limit: Int = 30_000_000,
         workLimit: Int = .max, budget: CPUBudget? = nil) {
        let n = graph.activeCount
        guard n > 0, cap >= 1 else { return }
        let isReal = (0..<n).map { !problem.items[Int(graph.itemOfActive[$0])].isDummy }
        let owner = graph.ownerOfActive
        // Reverse CSR (want edges only), for the distance-to-start bound.
        let (inDegree, predecessors, _) = graph.reversedWantEdges()
        // back[v] = fewest non-dummy items strictly between v and the start on a path v → … → start
        // through vertices above the start; `stamp[v] == s` marks v as able to get back within the cap.
        var back = [Int32](repeating: 0, count: n)
        var stamp = [Int32](repeating: -1, count: n)
        var onPath = [Bool](repeating: false, count: n)
        var pathVertex: [Int32] = []
        var pathSlot: [Int32] = []
        var pathOwners: [Int32] = []
        let capacity = Int32(cap)
        var level: [[Int32]] = Array(repeating: [], count: cap + 1)

        var steps = 0
        for s in 0..<n {
            if truncated || work >= workLimit {
                truncated = true
                break
            }
            if let budget, budget.isExhausted {
                truncated = true
                timedOut = true
                break
            }
            let startItems: Int32 = isReal[s] ? 1 : 0
            // Bucketed 0-1 BFS backwards from s: stepping from x to its predecessor u adds isReal(x).
            work += Int(inDegree[s + 1] - inDegree[s])
            for k in Int(inDegree[s])..<Int(inDegree[s + 1]) {
                let u = Int(predecessors[k])
                guard u > s, stamp[u] != Int32(s) else { continue }
                stamp[u] = Int32(s)
                back[u] = 0
                level[0].append(Int32(u))
            }
            for d in 0...cap {
                var i = 0
                while i < level[d].count {
                    let x = Int(level[d][i])
                    i += 1
                    guard back[x] == Int32(d) else { continue }
                    let through = Int32(d) + (isReal[x] ? 1 : 0)
                    work += Int(inDegree[x + 1] - inDegree[x])
                    for k in Int(inDegree[x])..<Int(inDegree[x + 1]) {
                        let u = Int(predecessors[k])
                        guard u > s else { continue }
                        // u, the items behind it and the start must fit in the cap.
                        guard through + (isReal[u] ? 1 : 0) + startItems <= capacity else { continue }
                        guard stamp[u] != Int32(s) || back[u] > through else { continue }
                        stamp[u] = Int32(s)
                        back[u] = through
                        level[Int(through)].append(Int32(u))
                    }
                }
                level[d].removeAll(keepingCapacity: true)
            }
            // DFS from s over vertices above s; `used` counts non-dummy items on the path so far.
            func reachable(_ v: Int) -> Bool { v == s || (v > s && stamp[v] == Int32(s)) }
            pathVertex = [Int32(s)]
            pathSlot = []
            pathOwners = isReal[s] && owner[s] >= 0 ? [owner[s]] : []
            onPath[s] = true
            // Iterative DFS: per depth, the next CSR slot to try.
            var cursor: [Int] = [Int(graph.rowStart[s])]
            var used: [Int32] = [isReal[s] ? 1 : 0]
            while let top = cursor.last {
                steps += 1
                work += 1
                if work >= workLimit {
                    truncated = true
                    break
                }
                if steps & 0xFFFF == 0, let budget, budget.isExhausted {
                    truncated = true
                    timedOut = true
                    break
                }
                let v = Int(pathVertex[pathVertex.count - 1])
                let end = Int(graph.rowStart[v + 1])
                if top >= end {
                    // Backtrack.
                    cursor.removeLast()
                    used.removeLast()
                    onPath[v] = false
                    pathVertex.removeLast()
                    if !pathSlot.isEmpty { pathSlot.removeLast() }
                    if isReal[v] && owner[v] >= 0 && distinctOwners && !pathOwners.isEmpty { pathOwners.removeLast() }
                    continue
                }
                cursor[cursor.count - 1] = top + 1
                guard graph.edgeRef[top] >= 0 else { continue }
                let w = Int(graph.cols[top])
                let soFar = used[used.count - 1]
                if w == s {
                    if soFar >= 1 && soFar <= capacity {
                        emit(path: pathVertex, slots: pathSlot + [Int32(top)], real: soFar, problem: problem, graph: graph, isReal: isReal)
                        if count >= limit { truncated = true; break }
                    }
                    continue
                }
                guard w > s, !onPath[w], reachable(w) else { continue }
                let after = soFar + (isReal[w] ? 1 : 0)
                guard after + back[w] <= capacity else { continue }
                if distinctOwners && isReal[w] && owner[w] >= 0 {
                    if pathOwners.contains(owner[w]) { continue }
                    pathOwners.append(owner[w])
                }
                onPath[w] = true
                pathVertex.append(Int32(w))
                pathSlot.append(Int32(top))
                cursor.append(Int(graph.rowStart[w]))
                used.append(after)
            }
            // Clean up after a truncated search.
            for v in pathVertex { onPath[Int(v)] = false }
        }
    }

    private mutating func emit(path: [Int32], slots edgeSlots: [Int32], real: Int32, problem: TradeProblem,
                               graph: PrunedGraph, isReal: [Bool]) {
        var total: Int64 = 0
        for (position, v) in path.enumerated() where isReal[Int(v)] {
            total += problem.edgeCost(Int(graph.edgeRef[Int(edgeSlots[position])]))
        }
        vertices.append(contentsOf: path)
        slots.append(contentsOf: edgeSlots)
        start.append(vertices.count)
        realCount.append(real)
        cost.append(total)
    }
}
