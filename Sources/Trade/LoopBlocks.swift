/// The candidate loops split into independent blocks: two loops are in one block when they share an
/// active vertex (they exclude each other) or, with `byOwner`, hold items of the same owner (the
/// users-trading stage counts an owner once). Between blocks nothing interacts, so items, cost, users
/// and sum of squares are sums over blocks and each block can be solved on its own. Blocks are listed
/// smallest first (ties: lowest loop index), each with its loops ascending: deterministic.
struct LoopBlocks {
    let blocks: [[Int]]

    init(problem: TradeProblem, graph: PrunedGraph, cycles: CycleEnumerator, byOwner: Bool = true) {
        let count = cycles.count
        var sets = DisjointSets(count: count)
        // First loop seen per vertex and per owner; every later loop touching it joins that one.
        var loopOfVertex = [Int](repeating: -1, count: graph.activeCount)
        var loopOfOwner = [Int](repeating: -1, count: graph.userNames.count)
        for k in 0..<count {
            for p in cycles.start[k]..<cycles.start[k + 1] {
                let v = Int(cycles.vertices[p])
                if loopOfVertex[v] < 0 { loopOfVertex[v] = k } else { sets.union(loopOfVertex[v], k) }
                guard byOwner else { continue }
                let item = Int(graph.itemOfActive[v])
                let owner = Int(graph.userOfItem[item])
                guard owner >= 0, !problem.items[item].isDummy else { continue }
                if loopOfOwner[owner] < 0 { loopOfOwner[owner] = k } else { sets.union(loopOfOwner[owner], k) }
            }
        }
        var members: [Int: [Int]] = [:]
        for k in 0..<count { members[sets.find(k), default: []].append(k) }
        blocks = members.values.sorted { $0.count != $1.count ? $0.count < $1.count : $0[0] < $1[0] }
    }

    /// Whether no vertex is in two loops of `block` (then taking every loop is optimal for every stage).
    static func isDisjoint(_ block: [Int], cycles: CycleEnumerator) -> Bool {
        guard block.count > 1 else { return true }
        var seen = Set<Int32>()
        for k in block {
            for p in cycles.start[k]..<cycles.start[k + 1] where !seen.insert(cycles.vertices[p]).inserted { return false }
        }
        return true
    }
}
