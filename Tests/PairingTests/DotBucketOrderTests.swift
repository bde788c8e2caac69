import Testing
import PipelineCore
@testable import Pairing

@Suite struct DotBucketOrderTests {
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
        func visit(_ order: DotBucketOrder, stopAfter: Int) -> [Int32] {
            var seen: [Int32] = []
            order.visitDescending { _, slots in
                seen.append(contentsOf: slots)
                return seen.count < stopAfter
            }
            return seen
        }
        let full = DotBucketOrder(capacity: 16), top = DotBucketOrder(capacity: 16)
        for stopAfter in [1, 30, 700, Int.max] {
            touched.withUnsafeBufferPointer {  // `sortTop` reads the touched slots again during the visit
                full.sort($0.baseAddress!, count: $0.count, accumulator: acc)
                top.sortTop($0.baseAddress!, count: $0.count, accumulator: acc, minimum: minimum)
                #expect(visit(top, stopAfter: stopAfter) == visit(full, stopAfter: stopAfter))
            }
        }
    }
}
