/// One assignment seen from the outside: dummies elided, loops, and the objective's counters.
struct Evaluation {
    var receives: [Int32?]
    var receivedEdge: [Int32?]
    var firstHopEdge: [Int32?] { receivedEdge }
    var loops: [[Int32]] = []
    var trades = 0
    var totalCost: Int64 = 0
    var usersTrading = 0
    var userTrades: [Bool]
    var sumSquares = 0

    static func empty(_ problem: TradeProblem) -> Evaluation {
        var e = Evaluation(receives: Array(repeating: nil, count: problem.items.count),
                           receivedEdge: Array(repeating: nil, count: problem.items.count),
                           userTrades: Array(repeating: false, count: problem.users.count))
        e.recount(problem: problem, userOfItem: nil)
        return e
    }

    private init(receives: [Int32?], receivedEdge: [Int32?], userTrades: [Bool]) {
        self.receives = receives
        self.receivedEdge = receivedEdge
        self.userTrades = userTrades
    }

    init(problem: TradeProblem, graph: PrunedGraph, colOfRow: [Int32]) {
        let n = problem.items.count
        var raw = [Int32](repeating: -1, count: n)
        var edges = [Int32?](repeating: nil, count: n)
        for a in 0..<graph.activeCount {
            let b = Int(colOfRow[a])
            guard b != a, b >= 0 else { continue }
            let item = Int(graph.itemOfActive[a])
            raw[item] = graph.itemOfActive[b]
            edges[item] = graph.edge(row: a, col: b)
        }
        var receives = [Int32?](repeating: nil, count: n)
        var receivedEdge = [Int32?](repeating: nil, count: n)
        for item in 0..<n where !problem.items[item].isDummy && raw[item] >= 0 {
            var b = Int(raw[item])
            var hops = 0
            while problem.items[b].isDummy && hops <= n {
                b = Int(raw[b])
                hops += 1
            }
            receives[item] = Int32(b)
            receivedEdge[item] = edges[item]
        }
        self.receives = receives
        self.receivedEdge = receivedEdge
        self.userTrades = Array(repeating: false, count: graph.userNames.count)
        recount(problem: problem, userOfItem: graph.userOfItem)
    }

    private mutating func recount(problem: TradeProblem, userOfItem: [Int32]?) {
        let n = problem.items.count
        var visited = [Bool](repeating: false, count: n)
        var found: [[Int32]] = []
        for start in 0..<n where receives[start] != nil && !visited[start] {
            var loop: [Int32] = []
            var k = start
            while !visited[k], let next = receives[k] {
                visited[k] = true
                loop.append(Int32(k))
                k = Int(next)
            }
            found.append(loop)
        }
        found.sort { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
        loops = found
        trades = found.reduce(0) { $0 + $1.count }
        sumSquares = found.reduce(0) { $0 + $1.count * $1.count }
        totalCost = 0
        for item in 0..<n { if let e = receivedEdge[item] { totalCost += problem.edgeCost(Int(e)) } }
        for u in userTrades.indices { userTrades[u] = false }
        if let userOfItem {
            for item in 0..<n where receives[item] != nil && userOfItem[item] >= 0 {
                userTrades[Int(userOfItem[item])] = true
            }
        }
        usersTrading = userTrades.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    func stats(problem: TradeProblem, graph: PrunedGraph) -> TradeStats {
        TradeStats(
            items: problem.realItemCount,
            dummies: problem.items.count - problem.realItemCount,
            wantEdges: problem.edgeCount,
            itemsAfterPruning: graph.activeCount,
            edgesAfterPruning: graph.wantEdgeCount,
            trades: trades,
            totalCost: totalCost,
            users: graph.userNames.count,
            usersTrading: usersTrading,
            loops: loops.count,
            loopSizes: loops.map(\.count),
            sumSquares: sumSquares,
            tieBreakRounds: 0,
            usersTradingFirstSolve: usersTrading,
            maxLoopLength: nil,
            uncappedTrades: nil,
            uncappedTotalCost: nil)
    }
}
