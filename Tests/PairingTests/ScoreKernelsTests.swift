import CScoreKernels
import Testing
import PipelineCore

/// The dense-region kernels: the dispatching (AVX2 on this CPU when it has it) and portable versions against a plain
/// Swift reference, over lengths that leave every tail of the 8-wide loop, and the band's edges.
@Suite struct ScoreKernelsTests {
    @Test(arguments: [0, 1, 7, 8, 9, 31, 64, 1_003])
    func columnsAddTheirWeightedSums(count n: Int) {
        var rng = SeededGenerator(seed: UInt64(n) &+ 5)
        for k in [0, 1, 3, 4, 5, 9] {
            let columns: [[UInt16]] = (0..<k).map { _ in
                (0..<n).map { _ in rng.next() % 3 == 0 ? UInt16.max : UInt16(truncatingIfNeeded: rng.next() % 65_001) }
            }
            let weights: [UInt32] = (0..<k).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let start: [UInt32] = (0..<n).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            var expected = start
            for c in 0..<k { for i in 0..<n { expected[i] &+= weights[c] &* UInt32(columns[c][i]) } }
            for portable in [false, true] {
                var acc = start
                columns.withPointers { pointers in
                    acc.withUnsafeMutableBufferPointer { a in
                        if portable {
                            scorekernels_add_columns_portable(a.baseAddress, pointers, weights, k, n)
                        } else {
                            scorekernels_add_columns(a.baseAddress, pointers, weights, k, n)
                        }
                    }
                }
                #expect(acc == expected, "n \(n), k \(k), portable \(portable)")
            }
        }
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
