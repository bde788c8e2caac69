import CScoreKernels
import Testing
import PipelineCore
@testable import Pairing

/// The dense-region kernels: the dispatching (AVX2 on this CPU when it has it) and portable versions against a plain
/// Swift reference, over lengths that leave every tail of the 8-wide loop, and the band's edges.
@Suite struct ScoreKernelsTests {
    @Test(arguments: [0, 1, 7, 8, 9, 31, 64, 1_003])
    func columnsAddTheirWeightedSums(count n: Int) {
        var rng = SeededGenerator(seed: UInt64(n) &+ 5)
        for k in [0, 1, 3, 4, 5, 8, 9] {
            let columns: [[UInt16]] = (0..<k).map { _ in
                (0..<n).map { _ in rng.next() % 3 == 0 ? UInt16.max : UInt16(truncatingIfNeeded: rng.next() % 65_001) }
            }
            let weights: [UInt32] = (0..<k).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let start: [UInt32] = (0..<n).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            var expected = start
            for c in 0..<k { for i in 0..<n { expected[i] &+= weights[c] &* UInt32(columns[c][i]) } }
            // The sampling kernel, the plain one (the pool's dense rows) and the portable sum.
            for kernel in ["sampling", "plain", "portable"] {
                var acc = start
                var histogram = [Int32](repeating: 0, count: 128)  // checked in columnsSampleEveryEighthSum
                columns.withPointers { pointers in
                    acc.withUnsafeMutableBufferPointer { a in
                        switch kernel {
                        case "portable": scorekernels_add_columns_portable(a.baseAddress, pointers, weights, k, n)
                        case "plain": scorekernels_add_columns(a.baseAddress, pointers, weights, k, n)
                        default: scorekernels_add_columns_sampling(a.baseAddress, pointers, weights, k, n, &histogram)
                        }
                    }
                }
                #expect(acc == expected, "n \(n), k \(k), \(kernel)")
            }
        }
    }

    /// A favourite's column counts a hit wherever its weight is not 0, saturating at 255 (as the per-posting count).
    @Test(arguments: [0, 1, 15, 16, 17, 31, 32, 33, 1_003])
    func presentMembersCountAHitEach(count n: Int) {
        var rng = SeededGenerator(seed: UInt64(n) &+ 29)
        let column: [UInt16] = (0..<n).map { _ in rng.next() % 2 == 0 ? 0 : UInt16(truncatingIfNeeded: 1 + rng.next() % 65_535) }
        let start: [UInt8] = (0..<n).map { _ in rng.next() % 4 == 0 ? 255 : rng.next() % 4 == 0 ? 254 : UInt8(truncatingIfNeeded: rng.next() % 200) }
        let expected = zip(start, column).map { hits, weight in weight != 0 && hits < 255 ? hits + 1 : hits }
        for portable in [false, true] {
            var hits = start
            hits.withUnsafeMutableBufferPointer { h in
                column.withUnsafeBufferPointer { c in
                    if portable {
                        scorekernels_count_present_portable(h.baseAddress, c.baseAddress, n)
                    } else {
                        scorekernels_count_present(h.baseAddress, c.baseAddress, n)
                    }
                }
            }
            #expect(hits == expected, "n \(n), portable \(portable)")
        }
    }

    /// The sampling variant adds the same sums and counts every 8th final sum in `DotBucketOrder`'s buckets (an
    /// untouched position in bucket 0), added to what the histogram held.
    @Test(arguments: [1, 7, 8, 9, 40, 1_003])
    func columnsSampleEveryEighthSum(count n: Int) {
        var rng = SeededGenerator(seed: UInt64(n) &+ 17)
        for k in [1, 4, 5, 8] {
            let columns: [[UInt16]] = (0..<k).map { _ in
                (0..<n).map { _ in rng.next() % 2 == 0 ? 0 : UInt16(truncatingIfNeeded: rng.next() % 65_001) }
            }
            let weights: [UInt32] = (0..<k).map { _ in UInt32(truncatingIfNeeded: rng.next() % 70_000) }
            let start: [UInt32] = (0..<n).map { _ in rng.next() % 3 == 0 ? 0 : UInt32(truncatingIfNeeded: rng.next() % 5_000) }
            var expected = start
            for c in 0..<k { for i in 0..<n { expected[i] &+= weights[c] &* UInt32(columns[c][i]) } }
            var expectedHistogram = [Int32](repeating: 0, count: 128)
            expectedHistogram[5] = 3
            for i in stride(from: 0, to: n, by: 8) { expectedHistogram[DotBucketOrder.bucket(max(1, expected[i]))] += 1 }
            for portable in [false, true] {
                var acc = start
                var histogram = [Int32](repeating: 0, count: 128)
                histogram[5] = 3
                columns.withPointers { pointers in
                    acc.withUnsafeMutableBufferPointer { a in
                        histogram.withUnsafeMutableBufferPointer { h in
                            if portable {
                                scorekernels_add_columns_sampling_portable(a.baseAddress, pointers, weights, k, n, h.baseAddress)
                            } else {
                                scorekernels_add_columns_sampling(a.baseAddress, pointers, weights, k, n, h.baseAddress)
                            }
                        }
                    }
                }
                #expect(acc == expected, "n \(n), k \(k), portable \(portable)")
                #expect(histogram == expectedHistogram, "n \(n), k \(k), portable \(portable)")
            }
        }
    }

    /// Sums at every octave's edges (a zero column leaves them as they are), eight apart so each one is sampled: the
    /// histogram is `DotBucketOrder.bucket`'s, on both paths (the AVX2 one buckets eight samples at a time).
    @Test func samplesAtOctaveEdgesFallInTheDrainsBuckets() {
        var dots: [UInt32] = [0, 1, 2, 3, 4, 5, 6, 7, UInt32.max, UInt32.max - 1, (1 << 24) - 1, 1 << 24, (1 << 24) + 255]
        for shift in 0..<32 {
            let p = UInt32(1) << UInt32(shift)
            dots += [p, p &- 1, p &+ 1, p | (p >> 1), p | (p >> 2), p | (p >> 1) | (p >> 2)]
        }
        let n = dots.count * 8 + 3
        var start = [UInt32](repeating: 7, count: n)
        for (j, dot) in dots.enumerated() { start[8 * j] = dot }
        var expected = [Int32](repeating: 0, count: 128)
        for i in stride(from: 0, to: n, by: 8) { expected[DotBucketOrder.bucket(max(1, start[i]))] += 1 }
        let zero = [[UInt16](repeating: 0, count: n)]
        for portable in [false, true] {
            var acc = start
            var histogram = [Int32](repeating: 0, count: 128)
            zero.withPointers { pointers in
                acc.withUnsafeMutableBufferPointer { a in
                    histogram.withUnsafeMutableBufferPointer { h in
                        if portable {
                            scorekernels_add_columns_sampling_portable(a.baseAddress, pointers, [5], 1, n, h.baseAddress)
                        } else {
                            scorekernels_add_columns_sampling(a.baseAddress, pointers, [5], 1, n, h.baseAddress)
                        }
                    }
                }
            }
            #expect(acc == start)
            #expect(histogram == expected, "portable \(portable)")
        }
    }

    /// The C bucket is `DotBucketOrder.bucket` at every octave's edges.
    @Test func bucketsAgreeWithTheDrain() {
        var dots: [UInt32] = [1, 2, 3, 4, 5, 6, 7, UInt32.max, UInt32.max - 1]
        for shift in 0..<32 { let p = UInt32(1) << UInt32(shift); dots += [p, p &+ 1, p | (p >> 1), p | (p >> 2)] }
        for dot in dots where dot > 0 { #expect(Int(scorekernels_bucket(dot)) == DotBucketOrder.bucket(dot), "dot \(dot)") }
    }

    @Test(arguments: [0, 1, 8, 13, 64, 1_001])
    func bandKeepsThePositionsInItAscending(count n: Int) {
        var rng = SeededGenerator(seed: UInt64(n) &+ 9)
        let acc: [UInt32] = (0..<n).map { _ in
            switch rng.next() % 4 {
            case 0: 0
            case 1: UInt32.max - UInt32(rng.next() % 3)
            default: UInt32(rng.next() % 1_000)
            }
        }
        let bands: [(UInt32, UInt32)] = [(1, 0), (1, 1), (100, 400), (1, UInt32.max), (UInt32.max - 2, 3), (0, 1), (500, 1)]
        for (floor, width) in bands {
            let expected = acc.indices.filter { acc[$0] &- floor < width }.map(Int32.init)
            let nonZero = acc.filter { $0 != 0 }.count
            for portable in [false, true] {
                var kept = [Int32](repeating: -1, count: n + 1)
                var touched = 0
                let count = kept.withUnsafeMutableBufferPointer { k in
                    portable
                        ? scorekernels_band_positions_portable(acc, n, floor, width, k.baseAddress, &touched)
                        : scorekernels_band_positions(acc, n, floor, width, k.baseAddress, &touched)
                }
                #expect(Array(kept.prefix(count)) == expected, "n \(n), band \(floor)+\(width), portable \(portable)")
                #expect(touched == nonZero)
            }
        }
    }

    /// The pool's dense drain keeps a touched position when its capped dot reaches the smaller of the row's cut and
    /// its own, with unsigned edges (dots past the cap, cuts of 0 and `UInt32.max`), offset by `base`.
    @Test(arguments: [0, 1, 7, 8, 9, 40, 1_003])
    func poolKeepsTouchedPositionsReachingACut(count n: Int) {
        var rng = SeededGenerator(seed: UInt64(n) &+ 41)
        let cap: UInt32 = 70_000
        let acc: [UInt32] = (0..<n).map { _ in
            switch rng.next() % 5 {
            case 0, 1: 0
            case 2: UInt32.max - UInt32(rng.next() % 3)
            default: UInt32(rng.next() % 90_000)
            }
        }
        let cutDots: [UInt32] = (0..<n).map { _ in
            switch rng.next() % 5 {
            case 0: 0
            case 1: UInt32.max
            case 2: cap
            default: UInt32(rng.next() % 90_000)
            }
        }
        let nonZero = acc.filter { $0 != 0 }.count
        for rowDot: UInt32 in [0, 1, 40_000, cap, cap + 1, UInt32.max] {
            for base: Int32 in [0, 17] {
                let expected = acc.indices.filter { acc[$0] != 0 && min(acc[$0], cap) >= min(rowDot, cutDots[$0]) }
                    .map { base + Int32($0) }
                for portable in [false, true] {
                    var kept = [Int32](repeating: -1, count: n + 1)
                    var touched = 0
                    let count = kept.withUnsafeMutableBufferPointer { k in
                        portable
                            ? scorekernels_pool_keep_portable(acc, cutDots, n, rowDot, cap, base, k.baseAddress, &touched)
                            : scorekernels_pool_keep(acc, cutDots, n, rowDot, cap, base, k.baseAddress, &touched)
                    }
                    #expect(Array(kept.prefix(count)) == expected, "n \(n), row \(rowDot), base \(base), portable \(portable)")
                    #expect(touched == nonZero)
                }
            }
        }
    }

    /// Whether this machine takes the AVX2 path (so a CI log shows which one the other tests checked).
    @Test func reportsItsPath() {
        let avx2 = scorekernels_uses_avx2()
        #expect(avx2 == 0 || avx2 == 1)
    }
}

extension Array where Element == [UInt16] {
    /// Calls `body` with a C array of pointers to the columns (valid only inside).
    func withPointers<R>(_ body: (UnsafePointer<UnsafePointer<UInt16>?>) -> R) -> R {
        func nest(_ i: Int, _ pointers: [UnsafePointer<UInt16>?]) -> R {
            if i == count {
                let all = pointers.isEmpty ? [nil] : pointers  // a valid address even for no columns
                return all.withUnsafeBufferPointer { body($0.baseAddress!) }
            }
            return self[i].withUnsafeBufferPointer { nest(i + 1, pointers + [$0.baseAddress]) }
        }
        return nest(0, [])
    }
}
