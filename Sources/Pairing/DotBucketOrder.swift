/// Orders an accumulator's touched slots by descending dot, coarsely and in linear time: a counting sort into
/// log-scale buckets, four per octave (a bucket's dots are within 19 % of each other), ties in touch order.
/// Scorers visit candidates in this order so that their heaps' floors rise as early as possible, and stop at the
/// first bucket whose ceiling cannot beat a full heap.
final class DotBucketOrder {
    static let buckets = 128

    /// After `sort`: `ends[b + 1]` is where bucket b's slots end in `order` (buckets descend through `order`).
    private let ends: UnsafeMutablePointer<Int32>
    private(set) var order: UnsafeMutablePointer<Int32>
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ends = .allocate(capacity: Self.buckets + 1)
        order = .allocate(capacity: self.capacity)
    }

    deinit {
        ends.deallocate()
        order.deallocate()
    }

    /// Sorts `touched` (slots of `accumulator`, each with a dot ≥ 1) into descending buckets.
    func sort(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>) {
        if count > capacity {
            order.deallocate()
            capacity = max(count, capacity * 2)
            order = .allocate(capacity: capacity)
        }
        let ends = self.ends, order = self.order
        for b in 0...Self.buckets { ends[b] = 0 }
        for t in 0..<count { ends[Self.bucket(acc[Int(touched[t])]) + 1] &+= 1 }
        // Bucket b starts after every higher bucket: ends[b + 1] becomes its start, then its end while filling.
        var running: Int32 = 0
        for b in stride(from: Self.buckets - 1, through: 0, by: -1) {
            let c = ends[b + 1]
            ends[b + 1] = running
            running &+= c
        }
        for t in 0..<count {
            let l = touched[t]
            let b = Self.bucket(acc[Int(l)]) + 1
            order[Int(ends[b])] = l
            ends[b] &+= 1
        }
    }

    /// Calls `body(ceiling, slots)` for each non-empty bucket from the highest down, until it returns false.
    /// `ceiling` is the largest dot the bucket can hold.
    @inline(__always) func visitDescending(_ body: (UInt32, UnsafeBufferPointer<Int32>) -> Bool) {
        var from = 0
        for b in stride(from: Self.buckets - 1, through: 0, by: -1) {
            let end = Int(ends[b + 1])
            if from == end { continue }
            if !body(Self.ceiling(b), UnsafeBufferPointer(start: order + from, count: end - from)) { return }
            from = end
        }
    }

    @inline(__always) static func bucket(_ dot: UInt32) -> Int {
        let octave = 31 - dot.leadingZeroBitCount
        let fraction = octave >= 2 ? Int((dot >> UInt32(octave - 2)) & 3) : Int((dot << UInt32(2 - octave)) & 3)
        return octave * 4 + fraction
    }

    /// The largest dot in bucket `b` (or, for the unused buckets of the two lowest octaves, in the nearest bucket
    /// below). Octave 0 holds the dot 1 (bucket 0), octave 1 the dots 2 (bucket 4) and 3 (bucket 6); above, bucket f
    /// of octave o holds [(4+f)·2^o/4, (5+f)·2^o/4).
    static func ceiling(_ b: Int) -> UInt32 {
        let octave = b / 4, fraction = UInt64(b % 4)
        if octave == 0 { return 1 }
        if octave == 1 { return fraction < 2 ? 2 : 3 }
        return UInt32(min(UInt64(UInt32.max), (((5 + fraction) << UInt64(octave)) >> 2) - 1))
    }
}
