/// The solver's view of a problem after SCC pruning: active items (those in a strongly connected
/// component of size ≥ 2), their surviving want edges in CSR form plus one self edge each, and scaled costs.
struct PrunedGraph {
    let activeCount: Int
    /// Active index → item index, and item index → active index (−1 when pruned).
    let itemOfActive: [Int32]
    let activeOfItem: [Int32]
    let rowStart: [Int32]
    let cols: [Int32]
    /// Scaled cost: cost × scale + `tieUnit` on want edges (self edges: non-trade cost × scale).
    let costs: [Int64]
    /// Index into `problem.edges`, or −1 for the self edge.
    let edgeRef: [Int32]
    let scale: Int64
    /// Tie weight of a want edge into a not-favoured item; scale = (active + 1) × tieUnit, so the
    /// summed ties of any assignment stay below one unit of real cost.
    let tieUnit: Int64
    let wantEdgeCount: Int
    /// Owner index per item (−1 for none), and the sorted owner names.
    let userOfItem: [Int32]
    let userNames: [String]

    init(_ problem: TradeProblem) {
        let n = problem.items.count
        // Owners.
        let names = problem.users
        var userIndex: [String: Int32] = [:]
        for (k, name) in names.enumerated() { userIndex[name] = Int32(k) }
        userOfItem = problem.items.map { item in item.owner.flatMap { userIndex[$0] } ?? -1 }
        userNames = names
        // CSR over all items, edges in input order per receiver.
        var degree = [Int32](repeating: 0, count: n + 1)
        for edge in problem.edges { degree[Int(edge.receiver) + 1] += 1 }
        for k in 0..<n { degree[k + 1] += degree[k] }
        var fill = degree
        var target = [Int32](repeating: 0, count: problem.edges.count)
        var order = [Int32](repeating: 0, count: problem.edges.count)
        for (index, edge) in problem.edges.enumerated() {
            let slot = Int(fill[Int(edge.receiver)])
            target[slot] = edge.wanted
            order[slot] = Int32(index)
            fill[Int(edge.receiver)] += 1
        }
        let scc = StrongComponents(vertexCount: n, start: degree, target: target)
        var size = [Int32](repeating: 0, count: scc.count)
        for c in scc.component { size[Int(c)] += 1 }
        var activeOf = [Int32](repeating: -1, count: n)
        var itemOf: [Int32] = []
        for item in 0..<n where size[Int(scc.component[item])] >= 2 {
            activeOf[item] = Int32(itemOf.count)
            itemOf.append(Int32(item))
        }
        activeCount = itemOf.count
        itemOfActive = itemOf
        activeOfItem = activeOf
        // Scale so that the summed tie weights never outweigh one unit of real cost, with the largest
        // tie unit (16 … 1) that cannot overflow; if none fits, the tie-break is off (still exact).
        let m = Int64(activeCount + 1)
        let maxCost = max(problem.nontradeCost, problem.edges.reduce(Int64(1)) { max($0, $1.cost) })
        var chosenUnit: Int64 = 0
        for unit in [Int64(16), 8, 4, 2, 1] {
            let (a, o1) = maxCost.multipliedReportingOverflow(by: m * unit)
            let (b, o2) = a.multipliedReportingOverflow(by: 4 * m)
            if !o1 && !o2 && b < Int64.max / 4 { chosenUnit = unit; break }
        }
        tieUnit = chosenUnit
        scale = chosenUnit == 0 ? 1 : m * chosenUnit
        var rs: [Int32] = [0]
        var cs: [Int32] = []
        var cost: [Int64] = []
        var refs: [Int32] = []
        rs.reserveCapacity(activeCount + 1)
        for a in 0..<activeCount {
            let item = Int(itemOf[a])
            let component = scc.component[item]
            for slot in Int(degree[item])..<Int(degree[item + 1]) {
                let w = Int(target[slot])
                guard scc.component[w] == component else { continue }
                let edge = problem.edges[Int(order[slot])]
                cs.append(activeOf[w])
                // Tie weight only on edges shipping a real item: a hop through a dummy is free, so routes
                // through dummies are not penalised against direct ones.
                cost.append(edge.cost * scale + (problem.items[w].isDummy ? 0 : tieUnit))
                refs.append(order[slot])
            }
            cs.append(Int32(a))
            cost.append(problem.nontradeCost * scale)
            refs.append(-1)
            rs.append(Int32(cs.count))
        }
        rowStart = rs
        cols = cs
        costs = cost
        edgeRef = refs
        wantEdgeCount = cs.count - activeCount
    }

    /// A fresh solver over the graph without the `banned` want edges.
    func makeSolver(banned: Set<Int32>) -> AssignmentSolver {
        guard !banned.isEmpty else {
            return AssignmentSolver(rowCount: activeCount, rowStart: rowStart, cols: cols, costs: costs)
        }
        var rs: [Int32] = [0]
        var cs: [Int32] = []
        var cost: [Int64] = []
        for a in 0..<activeCount {
            for e in Int(rowStart[a])..<Int(rowStart[a + 1]) where edgeRef[e] < 0 || !banned.contains(edgeRef[e]) {
                cs.append(cols[e])
                cost.append(costs[e])
            }
            rs.append(Int32(cs.count))
        }
        return AssignmentSolver(rowCount: activeCount, rowStart: rs, cols: cs, costs: cost)
    }

    /// The want edge used when active row `a` is matched to active column `b` (nil for the self edge).
    func edge(row a: Int, col b: Int) -> Int32? {
        for e in Int(rowStart[a])..<Int(rowStart[a + 1]) where Int(cols[e]) == b {
            return edgeRef[e] < 0 ? nil : edgeRef[e]
        }
        return nil
    }

    /// The want edges reversed (self edges left out), in CSR form: the edges into active `v` come from
    /// `source[start[v]..<start[v + 1]]` (ascending), and with `edgeIndices`, `edge[k]` is that edge's index
    /// in `cols` / `costs` (else `edge` is empty: 4 bytes an edge, 190 MB on the dense 1M night).
    func reversedWantEdges(edgeIndices: Bool = false) -> (start: [Int32], source: [Int32], edge: [Int32]) {
        var start = [Int32](repeating: 0, count: activeCount + 1)
        for u in 0..<activeCount {
            for e in Int(rowStart[u])..<Int(rowStart[u + 1]) where edgeRef[e] >= 0 { start[Int(cols[e]) + 1] += 1 }
        }
        for v in 0..<activeCount { start[v + 1] += start[v] }
        var fill = start
        var source = [Int32](repeating: 0, count: Int(start[activeCount]))
        var edge = [Int32](repeating: 0, count: edgeIndices ? Int(start[activeCount]) : 0)
        for u in 0..<activeCount {
            for e in Int(rowStart[u])..<Int(rowStart[u + 1]) where edgeRef[e] >= 0 {
                let v = Int(cols[e])
                source[Int(fill[v])] = Int32(u)
                if edgeIndices { edge[Int(fill[v])] = Int32(e) }
                fill[v] += 1
            }
        }
        return (start, source, edge)
    }

    /// Owner index per active item (−1 for none).
    var ownerOfActive: [Int32] { (0..<activeCount).map { userOfItem[Int(itemOfActive[$0])] } }

    /// Per user (index into `userNames`): their active non-dummy items (active indices, ascending).
    func activeItemsByUser(_ problem: TradeProblem) -> [[Int]] {
        var lists = [[Int]](repeating: [], count: userNames.count)
        for a in 0..<activeCount {
            let item = Int(itemOfActive[a])
            let user = userOfItem[item]
            if user >= 0 && !problem.items[item].isDummy { lists[Int(user)].append(a) }
        }
        return lists
    }
}
