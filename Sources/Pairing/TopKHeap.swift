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
            var i = items.count - 1
            while i > 0 {
                let p = (i - 1) / 2
                // Parent must be worse (ranks after) than child.
                if items[p].ranksBefore(items[i]) { items.swapAt(p, i); i = p } else { break }
            }
            return
        }
        guard c.ranksBefore(items[0]) else { return }
        items[0] = c
        var i = 0
        let n = items.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var w = i
            if l < n && items[w].ranksBefore(items[l]) { w = l }
            if r < n && items[w].ranksBefore(items[r]) { w = r }
            if w == i { break }
            items.swapAt(i, w)
            i = w
        }
    }

    /// The kept candidates, best first.
    func sorted() -> [PairCandidate] { items.sorted { $0.ranksBefore($1) } }
}
