/// Sparse min-cost perfect assignment (rows = "item i's owner receives", columns = "item j is shipped")
/// by successive shortest augmenting paths with dual potentials (Jonker–Volgenant style, one row per
/// augmentation, Dijkstra on reduced costs with a binary heap). Only vertices a search touches are
/// updated, so an augmentation costs the size of the region it explores, not n. Every row must have
/// at least one edge (the self edge guarantees a perfect assignment exists).
///
/// Duals are kept between solves so that `lowerColumnCost` + `solve()` re-optimises incrementally.
/// Storage is manually allocated buffers: the inner loop runs without bounds or exclusivity checks.
final class AssignmentSolver {
    let n: Int
    private let edgeCount: Int
    private let rowStart: UnsafeMutablePointer<Int32>
    private let cols: UnsafeMutablePointer<Int32>
    private let costs: UnsafeMutablePointer<Int64>
    private let colOfRowStorage: UnsafeMutablePointer<Int32>
    private let rowOfCol: UnsafeMutablePointer<Int32>
    private let u: UnsafeMutablePointer<Int64>
    private let v: UnsafeMutablePointer<Int64>
    private let dist: UnsafeMutablePointer<Int64>
    private let pred: UnsafeMutablePointer<Int32>
    private let labeled: UnsafeMutablePointer<UInt32>
    private let scanned: UnsafeMutablePointer<UInt32>
    private let scannedList: UnsafeMutablePointer<Int32>
    private let queue: UnsafeMutablePointer<Int32>
    private var stamp: UInt32 = 0
    private var heap: BinaryHeap
    /// Augmentations and heap pops so far, for diagnostics of the benchmark.
    private(set) var augmentations = 0
    private(set) var phases = 0
    var pops: Int { heap.pops }
    static let minimumRowsPerPhase = 8

    init(rowCount: Int, rowStart rs: [Int32], cols cs: [Int32], costs cc: [Int64]) {
        n = rowCount
        edgeCount = cs.count
        rowStart = .allocate(capacity: n + 1)
        rowStart.initialize(from: rs, count: n + 1)
        cols = .allocate(capacity: max(1, edgeCount))
        cols.initialize(from: cs, count: edgeCount)
        costs = .allocate(capacity: max(1, edgeCount))
        costs.initialize(from: cc, count: edgeCount)
        func make<T>(_ value: T) -> UnsafeMutablePointer<T> {
            let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, rowCount))
            p.initialize(repeating: value, count: max(1, rowCount))
            return p
        }
        colOfRowStorage = make(-1)
        rowOfCol = make(-1)
        u = make(0)
        v = make(Int64.max)
        dist = make(0)
        pred = make(-1)
        labeled = make(0)
        scanned = make(0)
        scannedList = make(0)
        queue = make(0)
        heap = BinaryHeap(capacity: max(16, edgeCount + 1))
        // Column duals: cheapest incoming edge; row duals: cheapest reduced edge; then match tight edges greedily.
        for e in 0..<edgeCount where costs[e] < v[Int(cols[e])] { v[Int(cols[e])] = costs[e] }
        for j in 0..<n where v[j] == Int64.max { v[j] = 0 }
        for i in 0..<n {
            var best = Int64.max
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) { best = min(best, costs[e] - v[Int(cols[e])]) }
            u[i] = best
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let j = Int(cols[e])
                if costs[e] - v[j] == best && rowOfCol[j] < 0 {
                    rowOfCol[j] = Int32(i)
                    colOfRowStorage[i] = Int32(j)
                    break
                }
            }
        }
    }

    deinit {
        for p in [rowStart, cols, colOfRowStorage, rowOfCol, pred, scannedList, queue] { p.deallocate() }
        for p in [costs, u, v, dist] { p.deallocate() }
        labeled.deallocate()
        scanned.deallocate()
        heap.deallocate()
    }

    var colOfRow: [Int32] { Array(UnsafeBufferPointer(start: colOfRowStorage, count: n)) }

    /// Solves and returns the assignment (column per row).
    func solvedAssignment() -> [Int32] {
        solve()
        return colOfRow
    }

    /// Completes the assignment in phases (Hungarian method with multiple augmentations per dual update):
    /// a multi-source Dijkstra from every free row to the nearest free column, a dual update that makes
    /// all shortest augmenting paths tight, then a maximal set of vertex-disjoint tight augmenting paths
    /// (DFS in row order). A phase costs one search however many rows it completes.
    func solve() {
        var freeRows: [Int32] = []
        for r in 0..<n where colOfRowStorage[r] < 0 { freeRows.append(Int32(r)) }
        let rowVisited = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, n))
        rowVisited.initialize(repeating: 0, count: max(1, n))
        let edgeCursor = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, n))
        edgeCursor.initialize(repeating: 0, count: max(1, n))
        defer { rowVisited.deallocate(); edgeCursor.deallocate() }
        var stack: [Int32] = []
        while !freeRows.isEmpty {
            phases += 1
            dualUpdate(freeRows: freeRows)
            // Maximal vertex-disjoint augmenting paths on tight edges.
            stamp &+= 1
            if stamp == 0 { resetStamps() }
            var stillFree: [Int32] = []
            for r in freeRows {
                stack.removeAll(keepingCapacity: true)
                stack.append(r)
                rowVisited[Int(r)] = stamp
                edgeCursor[Int(r)] = rowStart[Int(r)]
                var endCol = -1
                while let top = stack.last, endCol < 0 {
                    let i = Int(top)
                    let e = Int(edgeCursor[i])
                    if e == Int(rowStart[i + 1]) {
                        stack.removeLast()
                        continue
                    }
                    edgeCursor[i] = Int32(e + 1)
                    let j = Int(cols[e])
                    if labeled[j] == stamp || costs[e] - u[i] - v[j] != 0 { continue }
                    labeled[j] = stamp
                    pred[j] = top
                    let next = Int(rowOfCol[j])
                    if next < 0 {
                        endCol = j
                    } else if rowVisited[next] != stamp {
                        rowVisited[next] = stamp
                        edgeCursor[next] = rowStart[next]
                        stack.append(Int32(next))
                    }
                }
                guard endCol >= 0 else {
                    stillFree.append(r)
                    continue
                }
                augmentations += 1
                var j = endCol
                while true {
                    let i = Int(pred[j])
                    let previous = Int(colOfRowStorage[i])
                    colOfRowStorage[i] = Int32(j)
                    rowOfCol[j] = Int32(i)
                    if i == Int(r) { break }
                    j = previous
                }
            }
            let completed = freeRows.count - stillFree.count
            freeRows = stillFree
            // Phases pay off while they complete many rows at once; once they do not (distinct path
            // lengths, typical with priorities), single-row searches that stop early are cheaper.
            if completed < Self.minimumRowsPerPhase { break } // (also covers a phase without progress)
        }
        for r in freeRows { augment(from: Int(r)) }
    }

    /// One shortest augmenting path from free row `r` (Dijkstra stops at the first free column), then
    /// the dual update restricted to the vertices the search settled. Columns reached at the current
    /// minimum distance (zero reduced cost, common with unit costs) go through a FIFO instead of the
    /// heap, and a free column reached at that distance ends the search at once.
    private func augment(from r: Int) {
        augmentations += 1
        stamp &+= 1
        if stamp == 0 { resetStamps() }
        heap.clear()
        var queueHead = 0, queueTail = 0
        var scannedCount = 0
        var endCol = -1
        var total: Int64 = 0
        var level: Int64 = 0
        let ur = u[r]
        for e in Int(rowStart[r])..<Int(rowStart[r + 1]) {
            let j = Int(cols[e])
            let d = costs[e] - ur - v[j]
            if labeled[j] != stamp || d < dist[j] {
                labeled[j] = stamp
                dist[j] = d
                pred[j] = Int32(r)
                if d == 0 {
                    if rowOfCol[j] < 0 && endCol < 0 { endCol = j }
                    queue[queueTail] = Int32(j)
                    queueTail += 1
                } else {
                    heap.push(d, Int32(j))
                }
            }
        }
        if endCol >= 0 {
            scanned[endCol] = stamp
            scannedList[0] = Int32(endCol)
            scannedCount = 1
        }
        search: while endCol < 0 {
            let j: Int
            if queueHead < queueTail {
                j = Int(queue[queueHead])
                queueHead += 1
                if scanned[j] == stamp { continue }
            } else if let (d, jj) = heap.pop() {
                j = Int(jj)
                if scanned[j] == stamp || d != dist[j] { continue }
                level = d
            } else {
                break
            }
            let d = dist[j]
            scanned[j] = stamp
            scannedList[scannedCount] = Int32(j)
            scannedCount += 1
            let i = Int(rowOfCol[j])
            if i < 0 {
                endCol = j
                total = d
                break
            }
            let base = d - u[i]
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let k = Int(cols[e])
                if scanned[k] == stamp { continue }
                let nd = base + costs[e] - v[k]
                if labeled[k] != stamp || nd < dist[k] {
                    labeled[k] = stamp
                    dist[k] = nd
                    pred[k] = Int32(i)
                    if nd == level {
                        if rowOfCol[k] < 0 {
                            scanned[k] = stamp
                            scannedList[scannedCount] = Int32(k)
                            scannedCount += 1
                            endCol = k
                            total = nd
                            break search
                        }
                        queue[queueTail] = Int32(k)
                        queueTail += 1
                    } else {
                        heap.push(nd, Int32(k))
                    }
                }
            }
        }
        precondition(endCol >= 0, "no augmenting path: a row without its self edge")
        u[r] += total
        for s in 0..<scannedCount {
            let j = Int(scannedList[s])
            let dj = dist[j]
            v[j] += dj - total
            if j != endCol { u[Int(rowOfCol[j])] += total - dj }
        }
        var j = endCol
        while true {
            let i = Int(pred[j])
            let previous = Int(colOfRowStorage[i])
            colOfRowStorage[i] = Int32(j)
            rowOfCol[j] = Int32(i)
            if i == r { break }
            j = previous
        }
    }

    private func resetStamps() {
        labeled.update(repeating: 0, count: n)
        scanned.update(repeating: 0, count: n)
        stamp = 1
    }

    /// Multi-source Dijkstra from all free rows until the first free column; then shifts the duals so
    /// that every shortest augmenting path consists of tight edges (reduced costs stay ≥ 0).
    private func dualUpdate(freeRows: [Int32]) {
        stamp &+= 1
        if stamp == 0 { resetStamps() }
        heap.clear()
        var scannedCount = 0
        for rr in freeRows {
            let r = Int(rr)
            let ur = u[r]
            for e in Int(rowStart[r])..<Int(rowStart[r + 1]) {
                let j = Int(cols[e])
                let d = costs[e] - ur - v[j]
                if labeled[j] != stamp || d < dist[j] {
                    labeled[j] = stamp
                    dist[j] = d
                    heap.push(d, Int32(j))
                }
            }
        }
        var total: Int64 = -1
        while let (d, jj) = heap.pop() {
            let j = Int(jj)
            if scanned[j] == stamp || d != dist[j] { continue }
            scanned[j] = stamp
            scannedList[scannedCount] = jj
            scannedCount += 1
            let i = Int(rowOfCol[j])
            if i < 0 {
                total = d
                break
            }
            let base = d - u[i]
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let k = Int(cols[e])
                if scanned[k] == stamp { continue }
                let nd = base + costs[e] - v[k]
                if labeled[k] != stamp || nd < dist[k] {
                    labeled[k] = stamp
                    dist[k] = nd
                    heap.push(nd, Int32(k))
                }
            }
        }
        precondition(total >= 0, "no augmenting path: a row without its self edge")
        for rr in freeRows { u[Int(rr)] += total }
        for s in 0..<scannedCount {
            let j = Int(scannedList[s])
            let dj = dist[j]
            v[j] += dj - total
            let i = Int(rowOfCol[j])
            if i >= 0 { u[i] += total - dj }
        }
    }

    /// Lowers by `amount` the cost of every non-self edge into each column in `columns`, keeping the
    /// duals feasible (column dual lowered too); rows whose matched edge stops being tight are freed.
    func lowerColumnCost(_ columns: [Int], by amount: Int64) {
        guard !columns.isEmpty else { return }
        var mark = [Bool](repeating: false, count: n)
        for j in columns { mark[j] = true; v[j] -= amount }
        for i in 0..<n {
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let j = Int(cols[e])
                if mark[j] && j != i { costs[e] -= amount }
            }
        }
        for i in 0..<n {
            let j = Int(colOfRowStorage[i])
            guard j >= 0 else { continue }
            var c: Int64 = 0
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) where Int(cols[e]) == j { c = costs[e]; break }
            if c - u[i] - v[j] != 0 {
                colOfRowStorage[i] = -1
                rowOfCol[j] = -1
            }
        }
    }

}

/// A binary min-heap of (key, column) with lazy deletion, ties broken by column; manually allocated.
struct BinaryHeap {
    private var keys: UnsafeMutablePointer<Int64>
    private var values: UnsafeMutablePointer<Int32>
    private var capacity: Int
    private var count = 0
    private(set) var pops = 0

    init(capacity: Int) {
        self.capacity = capacity
        keys = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
    }

    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    mutating func clear() { count = 0 }

    @inline(__always) mutating func push(_ key: Int64, _ value: Int32) {
        if count == capacity { grow() }
        var child = count
        count += 1
        while child > 0 {
            let parent = (child - 1) >> 1
            let pk = keys[parent]
            if pk < key || (pk == key && values[parent] <= value) { break }
            keys[child] = pk
            values[child] = values[parent]
            child = parent
        }
        keys[child] = key
        values[child] = value
    }

    @inline(__always) mutating func pop() -> (Int64, Int32)? {
        guard count > 0 else { return nil }
        pops += 1
        let top = (keys[0], values[0])
        count -= 1
        if count > 0 {
            let lastKey = keys[count], lastValue = values[count]
            var parent = 0
            while true {
                var child = 2 * parent + 1
                if child >= count { break }
                if child + 1 < count && (keys[child + 1] < keys[child] || (keys[child + 1] == keys[child] && values[child + 1] < values[child])) {
                    child += 1
                }
                if lastKey < keys[child] || (lastKey == keys[child] && lastValue <= values[child]) { break }
                keys[parent] = keys[child]
                values[parent] = values[child]
                parent = child
            }
            keys[parent] = lastKey
            values[parent] = lastValue
        }
        return top
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let k = UnsafeMutablePointer<Int64>.allocate(capacity: newCapacity)
        let v = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
        k.moveInitialize(from: keys, count: count)
        v.moveInitialize(from: values, count: count)
        keys.deallocate()
        values.deallocate()
        keys = k
        values = v
        capacity = newCapacity
    }
}
