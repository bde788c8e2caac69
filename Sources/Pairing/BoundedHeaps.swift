import CCacheHint

/// Many bounded heaps in one flat buffer: `slots` heaps of at most `capacity` candidates each, ordered like
/// `TopKHeap` (root = worst kept under `PairCandidate.ranksBefore`). What a heap keeps does not depend on the
/// order of pushes, since the order is total. Not thread-safe: one owner at a time.
final class BoundedHeaps {
    let slots: Int
    let capacity: Int
    private let items: UnsafeMutablePointer<PairCandidate>
    private let sizes: UnsafeMutablePointer<Int32>

    init(slots: Int, capacity: Int) {
        self.slots = slots
        self.capacity = capacity
        items = .allocate(capacity: max(1, slots * capacity))
        sizes = .allocate(capacity: max(1, slots))
        sizes.initialize(repeating: 0, count: max(1, slots))
    }

    deinit {
        items.deallocate()
        sizes.deallocate()
    }

    @inline(__always) func count(_ slot: Int) -> Int { Int(sizes[slot]) }

    /// Slot `slot`'s kept candidates, in heap order.
    func contents(_ slot: Int) -> UnsafeBufferPointer<PairCandidate> {
        UnsafeBufferPointer(start: items + slot * capacity, count: Int(sizes[slot]))
    }

    /// True when a candidate with this score upper bound could still enter slot `slot`.
    @inline(__always) func admits(_ slot: Int, upperBound: UInt64) -> Bool {
        let n = Int(sizes[slot])
        guard n >= capacity else { return capacity > 0 }
        return upperBound >= items[slot * capacity].score
    }

    /// The worst kept score of a full slot, else nil.
    @inline(__always) func floor(_ slot: Int) -> UInt64? {
        Int(sizes[slot]) >= capacity && capacity > 0 ? items[slot * capacity].score : nil
    }

    /// Asks for the first two cache lines of slot `slot`'s heap (its root and the levels a sift touches first).
    @inline(__always) func prefetch(_ slot: Int) {
        let heap = UnsafeRawPointer(items + slot &* capacity)
        ccachehint_prefetch(heap)
        ccachehint_prefetch(heap + 64)
    }

    func push(_ slot: Int, _ c: PairCandidate) {
        guard capacity > 0 else { return }
        let heap = items + slot * capacity
        let n = Int(sizes[slot])
        if n < capacity {
            heap[n] = c
            sizes[slot] = Int32(n + 1)
            CandidateHeap.siftUp(heap, from: n)
        } else if c.ranksBefore(heap[0]) {
            heap[0] = c
            CandidateHeap.siftDown(heap, count: n)
        }
    }

    func clear(_ slot: Int) { sizes[slot] = 0 }
}
