/// Strongly connected components of a digraph in CSR form (iterative Tarjan, so deep chains cannot
/// overflow the stack). A want edge between two components can never lie on a trade loop.
struct StrongComponents {
    /// Component id per vertex (ids in reverse topological order of discovery).
    private(set) var component: [Int32]
    private(set) var count: Int

    init(vertexCount n: Int, start: [Int32], target: [Int32]) {
        component = [Int32](repeating: -1, count: n)
        count = 0
        var indexOf = [Int32](repeating: -1, count: n)
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int32] = []
        var callStack: [(vertex: Int32, edge: Int32)] = []
        var nextIndex: Int32 = 0
        for root in 0..<n where indexOf[root] < 0 {
            callStack.append((Int32(root), start[root]))
            indexOf[root] = nextIndex; low[root] = nextIndex; nextIndex += 1
            stack.append(Int32(root)); onStack[root] = true
            while let top = callStack.last {
                let v = Int(top.vertex)
                let e = Int(top.edge)
                if e < Int(start[v + 1]) {
                    callStack[callStack.count - 1].edge += 1
                    let w = Int(target[e])
                    if indexOf[w] < 0 {
                        indexOf[w] = nextIndex; low[w] = nextIndex; nextIndex += 1
                        stack.append(Int32(w)); onStack[w] = true
                        callStack.append((Int32(w), start[w]))
                    } else if onStack[w] {
                        low[v] = min(low[v], indexOf[w])
                    }
                } else {
                    callStack.removeLast()
                    if let parent = callStack.last {
                        let p = Int(parent.vertex)
                        low[p] = min(low[p], low[v])
                    }
                    if low[v] == indexOf[v] {
                        while let w = stack.popLast() {
                            onStack[Int(w)] = false
                            component[Int(w)] = Int32(count)
                            if Int(w) == v { break }
                        }
                        count += 1
                    }
                }
            }
        }
    }
}
