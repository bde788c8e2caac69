import Dispatch

extension Array {
    /// Puts the concatenation of sorted runs (run `r` ends before `ends[r]`) in the order a stable sort by
    /// `less` gives: the runs are merged by position (ties go to the earlier run, then the earlier row), and
    /// the rows are moved into that order in place (`moveIntoMergedOrder`). Extra memory is 4 bytes a row for the
    /// order while it is computed, then a few blocks of rows, not the half-size row buffer of `sort` or a second
    /// copy of the rows. The heap compares the runs' head keys, each row's `key` taken once, as it becomes its
    /// run's head (comparing rows copied and released every string of both rows per comparison; a table of every
    /// row's key cost 16 bytes a game row, 0.44 GB at a million players, on top of the rows).
    ///
    /// `parts` > 1 computes the merged order on that many threads: the key space is cut at pivots taken from
    /// the largest run, every run is split at each pivot by binary search, and each part (all keys of every run
    /// between two pivots) is merged into its own range of the order. Keys below a pivot precede it in any
    /// part, and ties never straddle a cut (a cut puts every key equal to its pivot in the later part), so the
    /// order is the same for any number of parts.
    /// A part is at least `rowsPerPart` rows of the largest run (fewer parts for small tables).
    mutating func mergeSortedRuns<Key>(ends: [Int], key: (Element) -> Key, by less: (Key, Key) -> Bool, parts: Int = 1,
                                       rowsPerPart: Int = 1_024) {
        precondition(count <= Int(UInt32.max), "more rows than a UInt32 position holds")
        let starts = [0] + ends.dropLast()
        let runs = zip(starts, ends).filter { $0.0 < $0.1 }.map { $0.0..<$0.1 }
        guard runs.count > 1 else { return }
        let order = mergedOrder(runs: runs, key: key, by: less, parts: parts, rowsPerPart: rowsPerPart)
        moveIntoMergedOrder(order)
    }

    /// The positions of the rows of `runs` in stable merged order (see `mergeSortedRuns`).
    private func mergedOrder<Key>(runs: [Range<Int>], key: (Element) -> Key, by less: (Key, Key) -> Bool, parts: Int,
                                  rowsPerPart: Int) -> [UInt32] {
        var order = [UInt32](repeating: 0, count: count)
        withUnsafeBufferPointer { rows in
            // Pivots: evenly spaced keys of the largest run, without repeats; part j holds keys in
            // [pivot j - 1, pivot j).
            let largest = runs.max { $0.count < $1.count }!
            let wanted = Swift.max(1, Swift.min(parts, largest.count / Swift.max(1, rowsPerPart) + 1))
            var pivots: [Key] = []
            for j in 1..<wanted {
                let candidate = key(rows[largest.lowerBound + largest.count * j / wanted])
                if let last = pivots.last, !less(last, candidate) { continue }
                pivots.append(candidate)
            }
            // cuts[r][j]: where part j of run r begins (cuts[r][0] = start, last = end).
            let cuts = runs.map { run -> [Int] in
                [run.lowerBound] + pivots.map { pivot in
                    var low = run.lowerBound, high = run.upperBound
                    while low < high {
                        let middle = (low + high) / 2
                        if less(key(rows[middle]), pivot) { low = middle + 1 } else { high = middle }
                    }
                    return low
                } + [run.upperBound]
            }
            var offsets = [0]
            for j in 0...pivots.count { offsets.append(offsets[j] + cuts.reduce(0) { $0 + $1[j + 1] - $1[j] }) }
            order.withUnsafeMutableBufferPointer { order in
                func mergePart(_ j: Int) {
                    Self.mergeHeads(rows, key: key, runs: cuts.map { $0[j]..<$0[j + 1] }, by: less,
                                    into: UnsafeMutableBufferPointer(rebasing: order[offsets[j]..<offsets[j + 1]]))
                }
                if pivots.isEmpty { mergePart(0) } else {
                    withoutActuallyEscaping(mergePart) { mergePart in
                        let part = PartBody(mergePart)
                        DispatchQueue.concurrentPerform(iterations: pivots.count + 1) { part.run($0) }
                    }
                }
            }
        }
        return order
    }

    /// The positions of the rows of `runs` (each sorted) in merged order, written to `order`: a binary heap
    /// of run indices by (head key, run index), so ties go to the earlier run, then the earlier row. Each run's
    /// head key is taken from its row as the run advances.
    private static func mergeHeads<Key>(_ rows: UnsafeBufferPointer<Element>, key: (Element) -> Key, runs: [Range<Int>],
                                        by less: (Key, Key) -> Bool, into order: UnsafeMutableBufferPointer<UInt32>) {
        var cursors = runs.filter { !$0.isEmpty }.map { (next: $0.lowerBound, end: $0.upperBound, key: key(rows[$0.lowerBound])) }
        func before(_ r: Int, _ s: Int) -> Bool {
            let a = cursors[r].key, b = cursors[s].key
            if less(a, b) { return true }
            if less(b, a) { return false }
            return r < s
        }
        var heap = Array<Int>(cursors.indices)
        func siftDown(_ start: Int) {
            var i = start
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, before(heap[l], heap[m]) { m = l }
                if r < heap.count, before(heap[r], heap[m]) { m = r }
                if m == i { return }
                heap.swapAt(i, m)
                i = m
            }
        }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
        var written = 0
        while let top = heap.first {
            order[written] = UInt32(truncatingIfNeeded: cursors[top].next)
            written += 1
            cursors[top].next += 1
            if cursors[top].next == cursors[top].end {
                heap[0] = heap[heap.count - 1]
                heap.removeLast()
            } else {
                cursors[top].key = key(rows[cursors[top].next])
            }
            if !heap.isEmpty { siftDown(0) }
        }
        precondition(written == order.count, "a part's rows fill its range of the order")
    }
}

/// A part's merge handed to `concurrentPerform`: the parts write disjoint ranges of the order and only read
/// the rows, so running them at once is safe although the closure captures unsafe buffers.
private struct PartBody: @unchecked Sendable {
    let run: (Int) -> Void
    init(_ run: @escaping (Int) -> Void) { self.run = run }
}
