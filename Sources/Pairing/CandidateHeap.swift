/// The sift steps of a bounded candidate heap in raw storage, shared by `TopKHeap` and `BoundedHeaps`. The root
/// is the worst kept candidate under `PairCandidate.ranksBefore`: every parent ranks after its children.
enum CandidateHeap {
    /// Restores the order after `heap[i]` was appended.
    @inline(__always) static func siftUp(_ heap: UnsafeMutablePointer<PairCandidate>, from i: Int) {
        var i = i
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[parent].ranksBefore(heap[i]) else { break }
            swap(heap, parent, i)
            i = parent
        }
    }

    /// Restores the order of `count` candidates after the root was replaced.
    @inline(__always) static func siftDown(_ heap: UnsafeMutablePointer<PairCandidate>, count n: Int) {
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var w = i
            if l < n && heap[w].ranksBefore(heap[l]) { w = l }
            if r < n && heap[w].ranksBefore(heap[r]) { w = r }
            if w == i { break }
            swap(heap, i, w)
            i = w
        }
    }

    @inline(__always) private static func swap(_ heap: UnsafeMutablePointer<PairCandidate>, _ a: Int, _ b: Int) {
        let t = heap[a]; heap[a] = heap[b]; heap[b] = t
    }
}
