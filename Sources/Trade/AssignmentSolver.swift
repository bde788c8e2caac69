/// Sparse min-cost perfect assignment (rows = "item i's owner receives", columns = "item j is shipped")
/// by successive shortest augmenting paths with dual potentials (Jonker–Volgenant style, one row per
/// augmentation, Dijkstra on reduced costs with a binary heap). Only vertices a search touches are
/// updated, so an augmentation costs the size of the region it explores, not n. Every row must have
/// at least one edge (the self edge guarantees a perfect assignment exists).
///
/// Duals are kept between solves so that `lowerColumnCost` + `solve()` re-optimises incrementally.
struct AssignmentSolver {
    let n: Int
    let rowStart: [Int32]
    let cols: [Int32]
    private(set) var costs: [Int64]
    private(set) var colOfRow: [Int32]
    private(set) var rowOfCol: [Int32]
    private var u: [Int64]
    private var v: [Int64]
    private var dist: [Int64]
    private var pred: [Int32]
    private var labeled: [UInt32]
    private var scanned: [UInt32]
    private var stamp: UInt32 = 0
    private var heapKeys: [Int64] = []
    private var heapCols: [Int32] = []
    private var scannedList: [Int32] = []
    /// Number of augmentations and heap pops, for the benchmark.
    private(set) var augmentations = 0
    private(set) var pops = 0

    init(rowCount: Int, rowStart: [Int32], cols: [Int32], costs: [Int64]) {
        n = rowCount
        self.rowStart = rowStart
        self.cols = cols
        self.costs = costs
        colOfRow = [Int32](repeating: -1, count: n)
        rowOfCol = [Int32](repeating: -1, count: n)
        u = [Int64](repeating: 0, count: n)
        v = [Int64](repeating: 0, count: n)
        dist = [Int64](repeating: 0, count: n)
        pred = [Int32](repeating: -1, count: n)
        labeled = [UInt32](repeating: 0, count: n)
        scanned = [UInt32](repeating: 0, count: n)
        // Column duals: cheapest incoming edge; row duals: cheapest reduced edge. Then match tight edges greedily.
        v = [Int64](repeating: Int64.max, count: n)
        for i in 0..<n {
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let j = Int(cols[e])
                if costs[e] < v[j] { v[j] = costs[e] }
            }
        }
        for j in 0..<n where v[j] == Int64.max { v[j] = 0 }
        for i in 0..<n {
            var best = Int64.max
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                best = min(best, costs[e] - v[Int(cols[e])])
            }
            u[i] = best
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let j = Int(cols[e])
                if costs[e] - v[j] == best && rowOfCol[j] < 0 {
                    rowOfCol[j] = Int32(i)
                    colOfRow[i] = Int32(j)
                    break
                }
            }
        }
    }

    /// Augments every free row, in row order.
    mutating func solve() {
        for r in 0..<n where colOfRow[r] < 0 { augment(from: r) }
    }

    /// Lowers by `amount` the cost of every non-self edge into each column in `columns`, keeping the
    /// duals feasible (column dual lowered too); rows whose matched edge stops being tight are freed.
    mutating func lowerColumnCost(_ columns: [Int], by amount: Int64) {
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
            let j = Int(colOfRow[i])
            guard j >= 0 else { continue }
            var c: Int64 = 0
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) where Int(cols[e]) == j { c = costs[e]; break }
            if c - u[i] - v[j] != 0 {
                colOfRow[i] = -1
                rowOfCol[j] = -1
            }
        }
    }

    /// Total cost of the current assignment.
    var totalCost: Int64 {
        var total: Int64 = 0
        for i in 0..<n {
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) where cols[e] == colOfRow[i] { total += costs[e]; break }
        }
        return total
    }

    private mutating func augment(from r: Int) {
        augmentations += 1
        stamp &+= 1
        if stamp == 0 {
            for k in 0..<n { labeled[k] = 0; scanned[k] = 0 }
            stamp = 1
        }
        heapKeys.removeAll(keepingCapacity: true)
        heapCols.removeAll(keepingCapacity: true)
        scannedList.removeAll(keepingCapacity: true)
        let ur = u[r]
        for e in Int(rowStart[r])..<Int(rowStart[r + 1]) {
            let j = Int(cols[e])
            let d = costs[e] - ur - v[j]
            if labeled[j] != stamp || d < dist[j] {
                labeled[j] = stamp
                dist[j] = d
                pred[j] = Int32(r)
                push(d, Int32(j))
            }
        }
        var endCol = -1
        var total: Int64 = 0
        while let (d, jj) = pop() {
            let j = Int(jj)
            if scanned[j] == stamp || d != dist[j] { continue }
            scanned[j] = stamp
            scannedList.append(jj)
            let i = Int(rowOfCol[j])
            if i < 0 {
                endCol = j
                total = d
                break
            }
            let ui = u[i]
            for e in Int(rowStart[i])..<Int(rowStart[i + 1]) {
                let k = Int(cols[e])
                if scanned[k] == stamp { continue }
                let nd = d + costs[e] - ui - v[k]
                if labeled[k] != stamp || nd < dist[k] {
                    labeled[k] = stamp
                    dist[k] = nd
                    pred[k] = Int32(i)
                    push(nd, Int32(k))
                }
            }
        }
        precondition(endCol >= 0, "no augmenting path: a row without its self edge")
        u[r] += total
        for jj in scannedList {
            let j = Int(jj)
            let dj = dist[j]
            v[j] += dj - total
            if j != endCol {
                let i = Int(rowOfCol[j])
                u[i] += total - dj
            }
        }
        var j = endCol
        while true {
            let i = Int(pred[j])
            let previous = Int(colOfRow[i])
            colOfRow[i] = Int32(j)
            rowOfCol[j] = Int32(i)
            if i == r { break }
            j = previous
        }
    }

    @inline(__always) private mutating func push(_ key: Int64, _ col: Int32) {
        heapKeys.append(key)
        heapCols.append(col)
        var child = heapKeys.count - 1
        while child > 0 {
            let parent = (child - 1) >> 1
            if heapKeys[parent] < key || (heapKeys[parent] == key && heapCols[parent] <= col) { break }
            heapKeys[child] = heapKeys[parent]
            heapCols[child] = heapCols[parent]
            child = parent
        }
        heapKeys[child] = key
        heapCols[child] = col
    }

    @inline(__always) private mutating func pop() -> (Int64, Int32)? {
        guard let lastKey = heapKeys.last else { return nil }
        pops += 1
        let top = (heapKeys[0], heapCols[0])
        let lastCol = heapCols[heapCols.count - 1]
        heapKeys.removeLast()
        heapCols.removeLast()
        let count = heapKeys.count
        if count > 0 {
            var parent = 0
            while true {
                var child = 2 * parent + 1
                if child >= count { break }
                if child + 1 < count && (heapKeys[child + 1] < heapKeys[child]
                    || (heapKeys[child + 1] == heapKeys[child] && heapCols[child + 1] < heapCols[child])) {
                    child += 1
                }
                if lastKey < heapKeys[child] || (lastKey == heapKeys[child] && lastCol <= heapCols[child]) { break }
                heapKeys[parent] = heapKeys[child]
                heapCols[parent] = heapCols[child]
                parent = child
            }
            heapKeys[parent] = lastKey
            heapCols[parent] = lastCol
        }
        return top
    }
}
