extension Array {
    /// Rearranges the rows so that position `i` holds what was at `source[i]` (`source` is a permutation of the
    /// indices), in place, with a few blocks of extra memory when `source` is a merge of sorted runs (each run's rows
    /// taken in their order, as `mergeSortedRuns` gives).
    ///
    /// The rows are cut into blocks of `blockRows`. Output block by output block, rows are moved (bitwise: nothing
    /// they hold is retained or released) into a block slot all of whose rows have already been moved out; a block
    /// slot frees up as its last row is taken. Because a merge takes every run front to back, at most one block per
    /// run frontier and one per run boundary is partly taken at any time, so the output never waits for more than
    /// about 2 × runs + 2 extra blocks (allocated on demand, so any permutation is still placed correctly, only with
    /// more of them). Then the blocks are put in order: chains of moves into empty slots, and each remaining cycle
    /// through one spare block. Every row is read from a run's front and written sequentially, so the moves run at
    /// memory speed, where a gather into a new array needs a second copy of the rows (1.75 GB for a million players'
    /// game rows) and following the permutation's cycles row by row waits on a cache miss per row.
    ///
    /// Returns the most extra blocks held at once (for tests).
    @discardableResult
    mutating func moveIntoMergedOrder(_ source: [UInt32], blockRows: Int? = nil) -> Int {
        precondition(source.count == count, "a permutation of every index")
        let n = count
        guard n > 1 else { return 0 }
        let b = Swift.max(1, blockRows ?? Swift.max(16, (64 << 10) / Swift.max(1, MemoryLayout<Element>.stride)))
        let blocks = (n + b - 1) / b
        let lastSize = n - (blocks - 1) * b
        func size(_ block: Int) -> Int { block == blocks - 1 ? lastSize : b }

        var extras: [UnsafeMutablePointer<Element>] = []
        var spareExtras: [Int] = []
        var extrasHeld = 0, mostExtrasHeld = 0
        func takeExtra() -> Int {
            extrasHeld += 1
            mostExtrasHeld = Swift.max(mostExtrasHeld, extrasHeld)
            if let e = spareExtras.popLast() { return e }
            extras.append(.allocate(capacity: b))
            return extras.count - 1
        }
        func releaseExtra(_ e: Int) {
            extrasHeld -= 1
            spareExtras.append(e)
        }
        // Where output block j sits: an array block slot (≥ 0) or extra e (−1 − e).
        var location = [Int](repeating: 0, count: blocks)
        // Which output block an array slot holds (−1: none).
        var occupant = [Int](repeating: -1, count: blocks)

        withUnsafeMutableBufferPointer { rows in
            let base = rows.baseAddress!
            func address(_ place: Int) -> UnsafeMutablePointer<Element> {
                place >= 0 ? base + place * b : extras[-1 - place]
            }
            // Phase 1: rows into output blocks, each in a slot emptied before it.
            var taken = [Int32](repeating: 0, count: blocks)
            var free: [Int] = []
            var output = 0, filled = 0
            var target = -1 - takeExtra()
            location[0] = target
            source.withUnsafeBufferPointer { source in
                for i in 0..<n {
                    if filled == b {
                        output += 1
                        filled = 0
                        // A full block never goes into a shorter last slot (it waits in an extra instead).
                        if let slot = free.popLast() { target = slot; occupant[slot] = output } else { target = -1 - takeExtra() }
                        location[output] = target
                    }
                    let from = Int(source[i])
                    (address(target) + filled).moveInitialize(from: base + from, count: 1)
                    filled += 1
                    let block = from / b
                    taken[block] += 1
                    if Int(taken[block]) == size(block), block != blocks - 1 || lastSize == b { free.append(block) }
                }
            }
            // Phase 2: output block j into slot j. A chain starts at an empty slot h: block h moves in, leaving its old
            // slot empty for the next step, until the block came from an extra.
            func fill(_ hole: Int) {
                var h = hole
                while true {
                    let from = location[h]
                    (base + h * b).moveInitialize(from: address(from), count: size(h))
                    occupant[h] = h
                    location[h] = h
                    if from >= 0 { occupant[from] = -1; h = from } else { releaseExtra(-1 - from); return }
                }
            }
            for slot in 0..<blocks where occupant[slot] == -1 { fill(slot) }
            // What is left are cycles among array slots: one block of each goes to an extra, which opens a chain.
            for slot in 0..<blocks where occupant[slot] != slot {
                let block = occupant[slot]
                let spare = takeExtra()
                extras[spare].moveInitialize(from: base + slot * b, count: size(block))
                location[block] = -1 - spare
                occupant[slot] = -1
                fill(slot)
            }
        }
        for extra in extras { extra.deallocate() }
        return mostExtrasHeld
    }
}
