import Testing
import PipelineCore
@testable import Pairing

@Suite struct DotBucketOrderTests {
    /// The slots `order` visits, bucket by bucket, until at least `stopAfter` have been seen.
    static func visit(_ order: DotBucketOrder, stopAfter: Int) -> [Int32] {
        var seen: [Int32] = []
        order.visitDescending { _, slots in
            seen.append(contentsOf: slots)
            return seen.count < stopAfter
        }
        return seen
    }

    static let dots: [UInt32] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 1_000, 65_535, 65_536, 1 << 31, 4_225_000_000, .max]

    @Test func everyDotLiesWithinItsBucket() {
        var rng = SeededGenerator(seed: 5)
        let dots = Self.dots + (0..<2_000).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 1 }
        for dot in dots {
            let b = DotBucketOrder.bucket(dot)
            #expect(b >= 0 && b < DotBucketOrder.buckets)
            #expect(dot <= DotBucketOrder.ceiling(b), "dot \(dot) above its bucket \(b)'s ceiling")
            if b > 0 { #expect(dot > DotBucketOrder.ceiling(b - 1), "dot \(dot) fits bucket \(b - 1)") }
        }
    }

    @Test func visitsEverySlotOnceInDescendingBuckets() {
        var rng = SeededGenerator(seed: 9)
        let n = 3_000
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { acc.deallocate() }
        for i in 0..<n { acc[i] = UInt32(truncatingIfNeeded: rng.next() >> UInt64(rng.next() % 40)) | 1 }
        let touched = (0..<Int32(n)).filter { _ in rng.next() % 3 != 0 }
        let order = DotBucketOrder(capacity: 16)  // grows on demand
        touched.withUnsafeBufferPointer { order.sort($0.baseAddress!, count: $0.count, accumulator: acc) }
        var seen: [Int32] = [], lastCeiling: UInt32?
        order.visitDescending { ceiling, slots in
            if let lastCeiling { #expect(ceiling < lastCeiling) }
            lastCeiling = ceiling
            for l in slots { #expect(acc[Int(l)] <= ceiling); seen.append(l) }
            return true
        }
        #expect(seen.sorted() == touched)
    }

    /// `sortTop` visits the same slots in the same order as `sort`, whether the visit stops early, goes on past
    /// the buckets filled up front, or everything fits in them.
    @Test(arguments: [1, 50, 400, 5_000])
    func sortTopVisitsLikeSort(minimum: Int) {
        var rng = SeededGenerator(seed: 11)
        let n = 3_000
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { acc.deallocate() }
        for i in 0..<n { acc[i] = UInt32(truncatingIfNeeded: rng.next() >> UInt64(rng.next() % 40)) | 1 }
        let touched = (0..<Int32(n)).filter { _ in rng.next() % 3 != 0 }.shuffled(using: &rng)
        let full = DotBucketOrder(capacity: 16), top = DotBucketOrder(capacity: 16)
        for stopAfter in [1, 30, 700, Int.max] {
            touched.withUnsafeBufferPointer {  // `sortTop` reads the touched slots again during the visit
                full.sort($0.baseAddress!, count: $0.count, accumulator: acc)
                top.sortTop($0.baseAddress!, count: $0.count, accumulator: acc, minimum: minimum)
                #expect(Self.visit(top, stopAfter: stopAfter) == Self.visit(full, stopAfter: stopAfter))
            }
        }
    }

    /// The sampled path of `sortTop` (many touched slots per slot of `minimum`) visits like `sort` on dense
    /// accumulators whose dots crowd into a few buckets, are all equal, are all 1 except a handful (the sample then
    /// finds no cutoff and the plain path runs), or sit on bucket edges, for visits that stop early or go past the
    /// cutoff into later bands.
    @Test(arguments: ["wide", "crowded", "equal", "fewAbove", "bucketEdges"])
    func sampledSortTopVisitsLikeSort(shape: String) {
        var rng = SeededGenerator(seed: 13)
        let n = 40_000
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { acc.deallocate() }
        for i in 0..<n {
            switch shape {
            case "wide": acc[i] = UInt32(truncatingIfNeeded: rng.next() >> UInt64(rng.next() % 40)) | 1
            case "crowded": acc[i] = 3_000_000 + UInt32(rng.next() % 900_000)
            case "equal": acc[i] = 123_456
            case "bucketEdges":  // the first dot of a bucket, or the one before it: where bands meet
                let edge = DotBucketOrder.smallestDot(inBucket: Int(rng.next() % UInt64(DotBucketOrder.buckets)))
                acc[i] = rng.next() % 2 == 0 || edge == 1 ? edge : edge - 1
            default: acc[i] = rng.next() % 4_000 == 0 ? UInt32(rng.next() % 1_000_000) + 2 : 1
            }
        }
        let touched = (0..<Int32(n)).filter { _ in rng.next() % 5 != 0 }.shuffled(using: &rng)
        let full = DotBucketOrder(capacity: 16), top = DotBucketOrder(capacity: 16)
        for minimum in [1, 20, 160] {
            #expect(touched.count >= DotBucketOrder.sampledFromPerMinimum * minimum)
            for stopAfter in [1, 100, 2_000, Int.max] {
                touched.withUnsafeBufferPointer {
                    full.sort($0.baseAddress!, count: $0.count, accumulator: acc)
                    top.sortTop($0.baseAddress!, count: $0.count, accumulator: acc, minimum: minimum)
                    let sampled = Self.visit(top, stopAfter: stopAfter), plain = Self.visit(full, stopAfter: stopAfter)
                    let firstDifference = zip(sampled, plain).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(sampled.count, plain.count)
                    #expect(sampled == plain, """
                        minimum \(minimum), stop after \(stopAfter): \(sampled.count) against \(plain.count) slots, \
                        first difference at \(firstDifference)
                        """)
                }
            }
        }
    }

    /// `smallestDot(inBucket:)` is the first dot of each bucket: its bucket is at least b, the dot before is below b.
    @Test func smallestDotStartsEachBucket() {
        for b in 0..<DotBucketOrder.buckets {
            let d = DotBucketOrder.smallestDot(inBucket: b)
            #expect(DotBucketOrder.bucket(d) >= b)
            if d > 1 { #expect(DotBucketOrder.bucket(d - 1) < b, "bucket \(b): dot \(d - 1) already reaches it") }
        }
    }

    /// `sortTopPositions` (a dense query with no touch list: untouched positions hold 0) visits like `sortTop` given
    /// the touched positions in ascending order, and counts them, on the sampled path (many positions) and the plain
    /// one (few), for visits that stop early or run to the end.
    @Test(arguments: [300, 40_000])
    func positionsVisitLikeTheirTouchList(count n: Int) {
        var rng = SeededGenerator(seed: 17)
        let acc = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { acc.deallocate() }
        for i in 0..<n {
            let edge = DotBucketOrder.smallestDot(inBucket: Int(rng.next() % UInt64(DotBucketOrder.buckets)))
            switch rng.next() % 4 {
            case 0: acc[i] = 0
            case 1: acc[i] = edge
            case 2: acc[i] = max(1, edge - 1)
            default: acc[i] = UInt32(truncatingIfNeeded: rng.next() >> UInt64(rng.next() % 40)) | 1
            }
        }
        let touched = (0..<Int32(n)).filter { acc[Int($0)] != 0 }
        let listed = DotBucketOrder(capacity: 16), positions = DotBucketOrder(capacity: 16)
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: n + 1)
        defer { scratch.deallocate() }
        for minimum in [1, 160] {
            for stopAfter in [1, 500, Int.max] {
                touched.withUnsafeBufferPointer {
                    listed.sortTop($0.baseAddress!, count: $0.count, accumulator: acc, minimum: minimum)
                    let counted = positions.sortTopPositions(count: n, accumulator: acc, minimum: minimum, scratch: scratch)
                    #expect(counted == touched.count)
                    let fromPositions = Self.visit(positions, stopAfter: stopAfter)
                    let fromList = Self.visit(listed, stopAfter: stopAfter)
                    let same = fromPositions == fromList  // (not the arrays themselves in a failure's message)
                    #expect(same, """
                        n \(n), minimum \(minimum), stop after \(stopAfter): \(fromPositions.count) against \(fromList.count)
                        """)
                }
            }
        }
    }
}
