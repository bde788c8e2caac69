/// A bounded heap keeping the best `capacity` candidates under `PairCandidate.ranksBefore`
/// (a total order, so the kept set does not depend on insertion order). The root is the worst kept.
struct TopKHeap {
    let capacity: Int
    private(set) var items: [PairCandidate] = []

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    var isFull: Bool { items.count >= capacity }
    var worst: PairCandidate? { items.first }

    mutating func removeAll() { items.removeAll(keepingCapacity: true) }

    /// True when a candidate with this score upper bound could still enter.
    @inline(__always) func admits(upperBound: UInt64) -> Bool {
        guard capacity > 0 else { return false }
        guard isFull else { return true }
        return upperBound >= items[0].score
    }

    mutating func push(_ c: PairCandidate) {
        guard capacity > 0 else { return }
        if items.count < capacity {
            items.append(c)
            let last = items.count - 1
            items.withUnsafeMutableBufferPointer { CandidateHeap.siftUp($0.baseAddress!, from: last) }
        } else if c.ranksBefore(items[0]) {
            items[0] = c
            items.withUnsafeMutableBufferPointer { CandidateHeap.siftDown($0.baseAddress!, count: $0.count) }
        }
    }

    /// The kept candidates, best first.
    func sorted() -> [PairCandidate] { items.sorted { $0.ranksBefore($1) } }
}
