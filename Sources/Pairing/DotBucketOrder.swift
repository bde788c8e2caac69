/// Orders an accumulator's touched slots by descending dot, coarsely and in linear time: a counting sort into
/// log-scale buckets, four per octave (a bucket's dots are within 19 % of each other), ties in touch order.
/// Scorers visit candidates in this order so that their heaps' floors rise as early as possible, and stop at the
/// first bucket whose ceiling cannot beat a full heap. `sortTop` orders only the highest buckets up front and the
/// rest only if the visit reaches them, in the same order as `sort`.
final class DotBucketOrder {
    static let buckets = 128

    /// Per touched slot, its bucket (`sortTop`), so the later passes do not read the accumulator again.
    private var bucketOf: UnsafeMutablePointer<UInt8>
    /// Set by `sortTop` while buckets below `cutoff` are not yet filled: the touched slots it was given (valid until
    /// the visit ends) and their count.
    private var pending: (touched: UnsafePointer<Int32>, count: Int, cutoff: Int)?

    /// After `sort`: `ends[b + 1]` is where bucket b's slots end in `order` (buckets descend through `order`).
    private let ends: UnsafeMutablePointer<Int32>
    private(set) var order: UnsafeMutablePointer<Int32>
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ends = .allocate(capacity: Self.buckets + 1)
        order = .allocate(capacity: self.capacity)
        bucketOf = .allocate(capacity: self.capacity)
    }

    deinit {
        ends.deallocate()
        order.deallocate()
        bucketOf.deallocate()
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        order.deallocate()
        bucketOf.deallocate()
        capacity = max(count, capacity * 2)
        order = .allocate(capacity: capacity)
        bucketOf = .allocate(capacity: capacity)
    }

    /// `sort`, but only the highest buckets holding at least `minimum` slots are filled now; `visitDescending`
    /// fills the others (one more pass over `touched`, which must stay valid until the visit ends) only if it goes
    /// on below them. Either way the visit order is the one `sort` gives (each bucket in touch order).
    func sortTop(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>, minimum: Int) {
        reserve(count)
        let ends = self.ends, order = self.order, bucketOf = self.bucketOf
        for b in 0...Self.buckets { ends[b] = 0 }
        for t in 0..<count {
            let b = Self.bucket(acc[Int(touched[t])])
            bucketOf[t] = UInt8(b)
            ends[b + 1] &+= 1
        }
        var running: Int32 = 0
        var cutoff = 0
        var found = false
        for b in stride(from: Self.buckets - 1, through: 0, by: -1) {
            let c = ends[b + 1]
            ends[b + 1] = running
            running &+= c
            if !found && Int(running) >= minimum { cutoff = b; found = true }
        }
        for t in 0..<count {
            let b = Int(bucketOf[t])
            guard b >= cutoff else { continue }
            order[Int(ends[b + 1])] = touched[t]
            ends[b + 1] &+= 1
        }
        pending = cutoff > 0 ? (touched, count, cutoff) : nil
    }

    /// Fills the buckets `sortTop` left for later.
    private func fillPending() {
        guard let p = pending else { return }
        pending = nil
        let ends = self.ends, order = self.order, bucketOf = self.bucketOf
        for t in 0..<p.count {
            let b = Int(bucketOf[t])
            guard b < p.cutoff else { continue }
            order[Int(ends[b + 1])] = p.touched[t]
            ends[b + 1] &+= 1
        }
    }

    /// Sorts `touched` (slots of `accumulator`, each with a dot ≥ 1) into descending buckets.
    func sort(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>) {
        reserve(count)
        pending = nil
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
        defer { pending = nil }
        for b in stride(from: Self.buckets - 1, through: 0, by: -1) {
            if let p = pending, b < p.cutoff { fillPending() }
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
