/// The solver's view of a problem after SCC pruning: active items (those in a strongly connected
/// component of size ≥ 2), their surviving want edges in CSR form plus one self edge each, and scaled costs.
struct PrunedGraph {
    let activeCount: Int
    /// Active index → item index, and item index → active index (−1 when pruned).
    let itemOfActive: [Int32]
    let activeOfItem: [Int32]
    let rowStart: [Int32]
    let cols: [Int32]
    /// The problem the graph was built from (its edges give the slots' costs, see `cost(_:)`).
    let problem: TradeProblem
    /// Per active item, the tie weight of a want edge shipping it (`tieUnit`, 0 for dummies).
    let tieOfActive: [Int64]
    /// Scaled cost of every self edge.
    let selfCost: Int64
    /// The problem's edge index (`TradeProblem.edge(_:)`), or −1 for the self edge.
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
        // CSR over all items, edges in input order per receiver (the edges' own order when they come grouped by
        // receiver in item order, as both builders give them: then no slot → edge map is needed).
        let links = problem.links
        var degree = [Int32](repeating: 0, count: n + 1)
        var inItemOrder = true
        for (index, link) in links.enumerated() {
            degree[Int(link.receiver) + 1] += 1
            if index > 0 && links[index - 1].receiver > link.receiver { inItemOrder = false }
        }
        for k in 0..<n { degree[k + 1] += degree[k] }
        var target: [Int32]
        var order: [Int32] = []
        if inItemOrder {
            target = links.map(\.wanted)
        } else {
            var fill = degree
            target = [Int32](repeating: 0, count: links.count)
            order = [Int32](repeating: 0, count: links.count)
            for (index, link) in links.enumerated() {
                let slot = Int(fill[Int(link.receiver)])
                target[slot] = link.wanted
                order[slot] = Int32(index)
                fill[Int(link.receiver)] += 1
            }
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
        var maxCost = max(problem.nontradeCost, 1)
        for index in 0..<links.count { maxCost = max(maxCost, problem.edgeCost(index)) }
        var chosenUnit: Int64 = 0
        for unit in [Int64(16), 8, 4, 2, 1] {
            let (a, o1) = maxCost.multipliedReportingOverflow(by: m * unit)
            let (b, o2) = a.multipliedReportingOverflow(by: 4 * m)
            if !o1 && !o2 && b < Int64.max / 4 { chosenUnit = unit; break }
        }
        tieUnit = chosenUnit
        scale = chosenUnit == 0 ? 1 : m * chosenUnit
        // Tie weight only on edges shipping a real item: a hop through a dummy is free, so routes
        // through dummies are not penalised against direct ones.
        tieOfActive = itemOf.map { problem.items[Int($0)].isDummy ? 0 : chosenUnit }
        selfCost = problem.nontradeCost * scale
        self.problem = problem
        var rs: [Int32] = [0]
        var cs: [Int32] = []
        var refs: [Int32] = []
        rs.reserveCapacity(activeCount + 1)
        for a in 0..<activeCount {
            let item = Int(itemOf[a])
            let component = scc.component[item]
            for slot in Int(degree[item])..<Int(degree[item + 1]) {
                let w = Int(target[slot])
                guard scc.component[w] == component else { continue }
                cs.append(activeOf[w])
                refs.append(inItemOrder ? Int32(slot) : order[slot])
            }
            cs.append(Int32(a))
            refs.append(-1)
            rs.append(Int32(cs.count))
        }
        rowStart = rs
        cols = cs
        edgeRef = refs
        wantEdgeCount = cs.count - activeCount
    }

    /// Scaled cost of slot `e`: the edge's cost × scale + the tie weight of the item it ships (self edges: the
    /// non-trade cost × scale). Computed, not stored (8 bytes an edge: 384 MB on the dense 1M night).
    @inline(__always) func cost(_ e: Int) -> Int64 {
        let ref = Int(edgeRef[e])
        return ref < 0 ? selfCost : problem.edgeCost(ref) * scale + tieOfActive[Int(cols[e])]
    }

    /// A fresh solver over the graph without the `banned` want edges.
    func makeSolver(banned: Set<Int32>) -> AssignmentSolver {
        guard !banned.isEmpty else {
            return AssignmentSolver(rowCount: activeCount, rowStart: rowStart, cols: cols, costs: (0..<cols.count).map(cost))
        }
        var rs: [Int32] = [0]
        var cs: [Int32] = []
        var cost: [Int64] = []
        for a in 0..<activeCount {
            for e in Int(rowStart[a])..<Int(rowStart[a + 1]) where edgeRef[e] < 0 || !banned.contains(edgeRef[e]) {
                cs.append(cols[e])
                cost.append(self.cost(e))
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
    /// in `cols` (and `cost(_:)`) (else `edge` is empty: 4 bytes an edge, 190 MB on the dense 1M night).
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
