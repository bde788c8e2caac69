import CScoreKernels

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
    /// the visit ends; nil for `sortTopPositions`, whose slots are the positions `0..<count`) and their count;
    /// `accumulator` when the buckets were not recorded in `bucketOf` (the sampled paths), so they are read from it
    /// again (it must not change until the visit ends).
    private var pending: (touched: UnsafePointer<Int32>?, count: Int, cutoff: Int,
                          accumulator: UnsafeMutablePointer<UInt32>?)?
    /// The sampled path's slots at or above its cutoff, in touch order (room for `capacity` + 1).
    private var top: UnsafeMutablePointer<Int32>

    /// After `sort`: `ends[b + 1]` is where bucket b's slots end in `order` (buckets descend through `order`).
    private let ends: UnsafeMutablePointer<Int32>
    /// Scratch of `countBuckets` (four histograms of `buckets` counts each); on the sampled path, the sample's
    /// histogram, kept until the visit ends for the later bands.
    private let histograms: UnsafeMutablePointer<Int32>
    private(set) var order: UnsafeMutablePointer<Int32>
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        ends = .allocate(capacity: Self.buckets + 1)
        histograms = .allocate(capacity: 4 * Self.buckets)
        order = .allocate(capacity: self.capacity)
        bucketOf = .allocate(capacity: self.capacity)
        top = .allocate(capacity: self.capacity + 1)
    }

    deinit {
        ends.deallocate()
        histograms.deallocate()
        order.deallocate()
        bucketOf.deallocate()
        top.deallocate()
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        order.deallocate()
        bucketOf.deallocate()
        top.deallocate()
        capacity = max(count, capacity * 2)
        order = .allocate(capacity: capacity)
        bucketOf = .allocate(capacity: capacity)
        top = .allocate(capacity: capacity + 1)
    }

    /// `sort`, but only the highest buckets holding at least `minimum` slots are filled now; `visitDescending`
    /// fills the others (one more pass over `touched`, which must stay valid until the visit ends) only if it goes
    /// on below them. Either way the visit order is the one `sort` gives (each bucket in touch order).
    func sortTop(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>, minimum: Int) {
        reserve(count)
        if minimum > 0 && count >= Self.sampledFromPerMinimum * minimum
            && sortTopSampled(touched, count: count, accumulator: acc, minimum: minimum) != nil { return }
        let ends = self.ends, order = self.order, bucketOf = self.bucketOf
        countBuckets(touched, count: count, accumulator: acc, recordingIn: bucketOf)
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
        pending = cutoff > 0 ? (touched, count, cutoff, nil) : nil
    }

    /// `sortTop` for many touched slots (a dense region, where nearly every member is touched and few are visited):
    /// the cutoff bucket is estimated from every `sampleStep`-th slot (aiming at `sampleTargetPerMinimum` × `minimum`
    /// slots above it), one pass keeps the slots whose dot reaches the cutoff's smallest dot (a compare each, no bucket
    /// worked out), and only those are bucketed now. A visit that goes below the cutoff takes the next band the same
    /// way (`nextBand`: the sample's histogram picks a cutoff with `bandGrowth` times as many slots above it). The
    /// visit order is the same as `sort`'s: buckets descending, each in touch order. `touched` nil: the slots are the
    /// positions `0..<count` whose dot is not 0, in order. Returns how many slots are touched, or nil (nothing done)
    /// when the sample finds no such cutoff above the lowest bucket.
    private func sortTopSampled(_ touched: UnsafePointer<Int32>?, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>,
                                minimum: Int, presampled: Bool = false) -> Int? {
        let step = Self.sampleStep, buckets = Self.buckets
        if !presampled || touched != nil { sample(touched, count: count, accumulator: acc) }
        let need = Self.sampleTargetPerMinimum * ((minimum + step - 1) / step)
        let cutoff = sampledCutoff(below: buckets, need: need)
        guard cutoff > 0 else { return nil }
        pending = (touched, count, buckets, acc)
        return nextBand(cutoff: cutoff, need: need)
    }

    /// The first `buckets` counts of `histograms`, cleared, for a caller that samples the accumulator itself while
    /// it writes it (as `sample` would: every `sampleStep`-th position from 0, an untouched one in bucket 0), before
    /// `sortTopPositions(…, presampled: true)`.
    func presampleHistogram() -> UnsafeMutablePointer<Int32> {
        histograms.update(repeating: 0, count: Self.buckets)
        return histograms
    }

    /// The sample's histogram in the first `buckets` counts of `histograms`: every `sampleStep`-th touched slot, or
    /// position when `touched` is nil.
    private func sample(_ touched: UnsafePointer<Int32>?, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>) {
        let step = Self.sampleStep, counts = histograms, buckets = Self.buckets
        // Four histograms, one per sample modulo 4, as in `countBuckets`: most samples fall in a few buckets, and
        // one histogram would make each increment wait for the one before; summed into the first afterwards.
        counts.update(repeating: 0, count: 4 * buckets)
        let c1 = counts + buckets, c2 = counts + 2 * buckets, c3 = counts + 3 * buckets
        var t = 0
        if let touched {
            while t &+ 3 &* step < count {
                counts[Self.bucket(acc[Int(touched[t])])] &+= 1
                c1[Self.bucket(acc[Int(touched[t &+ step])])] &+= 1
                c2[Self.bucket(acc[Int(touched[t &+ 2 &* step])])] &+= 1
                c3[Self.bucket(acc[Int(touched[t &+ 3 &* step])])] &+= 1
                t &+= 4 &* step
            }
            while t < count {
                counts[Self.bucket(acc[Int(touched[t])])] &+= 1
                t &+= step
            }
        } else {
            // An untouched position counts in bucket 0, never a cutoff.
            while t &+ 3 &* step < count {
                counts[Self.bucket(max(1, acc[t]))] &+= 1
                c1[Self.bucket(max(1, acc[t &+ step]))] &+= 1
                c2[Self.bucket(max(1, acc[t &+ 2 &* step]))] &+= 1
                c3[Self.bucket(max(1, acc[t &+ 3 &* step]))] &+= 1
                t &+= 4 &* step
            }
            while t < count {
                counts[Self.bucket(max(1, acc[t]))] &+= 1
                t &+= step
            }
        }
        for b in 0..<buckets { counts[b] &+= c1[b] &+ c2[b] &+ c3[b] }
    }

    /// `sortTop` over the positions `0..<count` of `acc` whose dot is not 0 (a dense query that recorded no touches),
    /// met in position order: the same visit as `sortTop` given those positions in ascending order. Returns how many
    /// positions are touched. When the sampled path does not apply, the touched positions are listed in `scratch`
    /// (room for `count` + 1) and sorted as by `sortTop`, so `scratch` must stay valid until the visit ends.
    func sortTopPositions(count: Int, accumulator acc: UnsafeMutablePointer<UInt32>, minimum: Int,
                          scratch: UnsafeMutablePointer<Int32>, presampled: Bool = false) -> Int {
        reserve(count)
        if minimum > 0 && count >= Self.sampledFromPerMinimum * minimum,
           let touchedCount = sortTopSampled(nil, count: count, accumulator: acc, minimum: minimum, presampled: presampled) {
            return touchedCount
        }
        var touchedCount = 0
        for l in 0..<count {
            let a = acc[l]
            scratch[touchedCount] = Int32(truncatingIfNeeded: l)
            touchedCount &+= Self.touchedBit(a)
        }
        sortTop(scratch, count: touchedCount, accumulator: acc, minimum: minimum)
        return touchedCount
    }

    /// The highest bucket below `ceiling` at which the sample (`histograms`) holds `need` slots from bucket 1 up to
    /// it; 0 when it never does.
    private func sampledCutoff(below ceiling: Int, need: Int) -> Int {
        var sampled = 0
        for b in stride(from: Self.buckets - 1, through: 1, by: -1) {
            sampled &+= Int(histograms[b])
            if b < ceiling && sampled >= need { return b }
        }
        return 0
    }

    /// Buckets `cutoff ..< pending.cutoff` of the sampled path: one compare pass over the touched slots keeps those
    /// whose dot lies in the band, and they are bucket-sorted into `order` after the slots already there. Cutoff 0
    /// takes everything left and ends the sampled path. Returns how many slots are touched (`count` for a touch
    /// list; for positions, those whose dot is not 0).
    @discardableResult
    private func nextBand(cutoff: Int, need: Int) -> Int {
        guard let p = pending, let acc = p.accumulator else { return 0 }
        // Bucket 0's smallest dot is 1, so an untouched position (dot 0) is in no band.
        let floorDot = UInt64(Self.smallestDot(inBucket: cutoff))
        let ceilingDot = p.cutoff < Self.buckets ? UInt64(Self.smallestDot(inBucket: p.cutoff)) : UInt64(UInt32.max) + 1
        let width = ceilingDot - floorDot
        let top = self.top
        var kept = 0, nonZero = p.count
        // floorDot ≤ dot < ceilingDot as one unsigned compare (a dot below the floor wraps to a huge offset).
        if let touched = p.touched {
            for t in 0..<p.count {
                let l = touched[t]
                top[kept] = l
                kept &+= UInt64(acc[Int(l)]) &- floorDot < width ? 1 : 0
            }
        } else {
            // floorDot ≥ 1 and ceilingDot ≤ 2³², so the compare modulo 2³² is the same one.
            var touched = 0
            kept = scorekernels_band_positions(acc, p.count, UInt32(floorDot), UInt32(width), top, &touched)
            nonZero = touched
        }
        // The band starts where the lowest bucket already in place ends (at 0 for the first band).
        let from = p.cutoff < Self.buckets ? Int(ends[p.cutoff + 1]) : 0
        bucketSort(top, count: kept, accumulator: acc, from: from, buckets: cutoff..<p.cutoff)
        pending = cutoff > 0 ? (p.touched, p.count, cutoff, acc) : nil
        lastNeed = need
        return nonZero
    }

    /// The sample target of the band taken last (the next band aims at `bandGrowth` times as many).
    private var lastNeed = 0

    /// The sampled path is taken from this many touched slots per slot of `minimum`.
    static let sampledFromPerMinimum = 16
    /// The sampled path's cutoff is estimated from every this-many-th touched slot (also the step of
    /// `scorekernels_add_columns_sampling`, for `presampled`).
    static let sampleStep = 8
    /// The first band of the sampled path aims at this many slots per slot of `minimum` (a visit that goes below it
    /// costs one more pass over the touched slots, a larger band only a few more bucketed).
    static let sampleTargetPerMinimum = 2
    /// Each later band aims at this many times the slots of the one before.
    static let bandGrowth = 4

    /// 1 when an accumulator slot holding `dot` is touched (dot ≠ 0), else 0, without a branch: whether a slot of
    /// a dense accumulator is touched is unpredictable.
    @inline(__always) static func touchedBit(_ dot: UInt32) -> Int { Int((dot | (0 &- dot)) >> 31) }

    /// The smallest dot whose bucket is at least `b` (`bucket` never decreases as the dot grows).
    static func smallestDot(inBucket b: Int) -> UInt32 {
        var lo: UInt64 = 1, hi: UInt64 = UInt64(UInt32.max) + 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if bucket(UInt32(mid)) >= b { hi = mid } else { lo = mid + 1 }
        }
        return UInt32(min(lo, UInt64(UInt32.max)))
    }

    /// `ends[b + 1]` = how many of the touched slots fall in bucket b, and each slot's bucket in `bucketOf`.
    /// Neighbouring slots often share a bucket, so one histogram would make each count wait for the previous
    /// increment of the same word; four histograms, one per slot modulo 4, are summed at the end.
    private func countBuckets(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>,
                              recordingIn bucketOf: UnsafeMutablePointer<UInt8>) {
        let counts = histograms, stride = Self.buckets
        counts.update(repeating: 0, count: 4 * stride)
        var t = 0
        while t &+ 4 <= count {
            let b0 = Self.bucket(acc[Int(touched[t])]), b1 = Self.bucket(acc[Int(touched[t &+ 1])])
            let b2 = Self.bucket(acc[Int(touched[t &+ 2])]), b3 = Self.bucket(acc[Int(touched[t &+ 3])])
            bucketOf[t] = UInt8(truncatingIfNeeded: b0); bucketOf[t &+ 1] = UInt8(truncatingIfNeeded: b1)
            bucketOf[t &+ 2] = UInt8(truncatingIfNeeded: b2); bucketOf[t &+ 3] = UInt8(truncatingIfNeeded: b3)
            counts[b0] &+= 1; counts[stride &+ b1] &+= 1; counts[2 &* stride &+ b2] &+= 1; counts[3 &* stride &+ b3] &+= 1
            t &+= 4
        }
        while t < count {
            let b = Self.bucket(acc[Int(touched[t])])
            bucketOf[t] = UInt8(truncatingIfNeeded: b)
            counts[b] &+= 1
            t &+= 1
        }
        let ends = self.ends
        ends[0] = 0
        for b in 0..<stride {
            ends[b &+ 1] = counts[b] &+ counts[stride &+ b] &+ counts[2 &* stride &+ b] &+ counts[3 &* stride &+ b]
        }
    }

    /// Fills the buckets `sortTop` left for later.
    private func fillPending() {
        guard let p = pending else { return }
        if p.accumulator != nil {
            let need = lastNeed * Self.bandGrowth
            nextBand(cutoff: sampledCutoff(below: p.cutoff, need: need), need: need)
            return
        }
        pending = nil
        let ends = self.ends, order = self.order, bucketOf = self.bucketOf
        guard let touched = p.touched else { return }  // (positions are always on a sampled path)
        for t in 0..<p.count {
            let b = Int(bucketOf[t])
            guard b < p.cutoff else { continue }
            order[Int(ends[b + 1])] = touched[t]
            ends[b + 1] &+= 1
        }
    }

    /// Sorts `touched` (slots of `accumulator`, each with a dot ≥ 1) into descending buckets.
    func sort(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>) {
        reserve(count)
        pending = nil
        bucketSort(touched, count: count, accumulator: acc)
    }

    /// The counting sort of `sort` into `order` and `ends` (capacity reserved by the caller).
    /// `from`: where in `order` the highest of `buckets` starts (the buckets above it are in place already); every
    /// slot's bucket must lie in `buckets`.
    private func bucketSort(_ touched: UnsafePointer<Int32>, count: Int, accumulator acc: UnsafeMutablePointer<UInt32>,
                            from: Int = 0, buckets: Range<Int> = 0..<DotBucketOrder.buckets) {
        let ends = self.ends, order = self.order
        for b in buckets { ends[b + 1] = 0 }
        for t in 0..<count { ends[Self.bucket(acc[Int(touched[t])]) + 1] &+= 1 }
        // Bucket b starts after every higher bucket: ends[b + 1] becomes its start, then its end while filling.
        var running = Int32(from)
        for b in buckets.reversed() {
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
