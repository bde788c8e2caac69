extension Array {
    /// Puts the concatenation of sorted runs (run `r` ends before `ends[r]`) in the order a stable sort by
    /// `less` gives: the runs are merged by position (ties go to the earlier run, then the earlier row), and
    /// the rows are moved into place along the permutation's cycles. Extra memory is 5 bytes a row, not the
    /// half-size row buffer of `sort`. The heap compares each row's `key`, taken once per row (comparing
    /// rows copied and released every string of both rows per comparison).
    mutating func mergeSortedRuns<Key>(ends: [Int], key: (Element) -> Key, by less: (Key, Key) -> Bool) {
        precondition(count <= Int(UInt32.max), "more rows than a UInt32 position holds")
        let starts = [0] + ends.dropLast()
        var cursors = zip(starts, ends).filter { $0.0 < $0.1 }.map { (next: $0.0, end: $0.1) }
        guard cursors.count > 1 else { return }
        var order: [UInt32] = []
        order.reserveCapacity(count)
        let keys = map(key)
        keys.withUnsafeBufferPointer { rows in
            // A binary heap of run indices by (head row, run index).
            func before(_ r: Int, _ s: Int) -> Bool {
                let a = rows[cursors[r].next], b = rows[cursors[s].next]
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
            while let top = heap.first {
                order.append(UInt32(truncatingIfNeeded: cursors[top].next))
                cursors[top].next += 1
                if cursors[top].next == cursors[top].end {
                    heap[0] = heap[heap.count - 1]
                    heap.removeLast()
                }
                if !heap.isEmpty { siftDown(0) }
            }
        }
        permute(taking: order)
    }

    /// Rearranges the elements in place so that position `i` holds what was at `source[i]` (`source` is a
    /// permutation of the indices), following its cycles with one element held aside. Elements are moved
    /// bitwise (no copy, so no retain and release of the strings and arrays a row holds).
    mutating func permute(taking source: [UInt32]) {
        precondition(source.count == count, "a permutation of every index")
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { rows in
            guard let base = rows.baseAddress else { return }
            for start in 0..<rows.count where !placed[start] {
                placed[start] = true
                guard Int(source[start]) != start else { continue }
                let held = (base + start).move()
                var j = start
                while true {
                    let k = Int(source[j])
                    if k == start {
                        (base + j).initialize(to: held)
                        break
                    }
                    (base + j).moveInitialize(from: base + k, count: 1)
                    placed[k] = true
                    j = k
                }
            }
        }
    }
}
