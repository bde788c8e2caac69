import Foundation
import PipelineCore

/// The per-player random stream: `SeededGenerator` seeded from (population seed, player index, stream), so
/// every player's draws are independent of the order or thread in which players are generated.
struct SplitMix {
    var generator: SeededGenerator

    init(seed: UInt64, index: UInt64, stream: UInt64) {
        generator = SeededGenerator(seed: Self.mix(seed ^ Self.mix(index &+ 0x5851_F42D_4C95_7F2D &* (stream &+ 1))))
    }

    /// SplitMix64's finaliser: a bijective 64-bit hash.
    @inline(__always) static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always) mutating func next() -> UInt64 { generator.next() }

    /// Uniform in [0, 1).
    @inline(__always) mutating func unit() -> Double { generator.nextUnit() }

    /// Uniform in 0..<bound (bound > 0); Lemire's multiply-shift, bias negligible for our bounds.
    @inline(__always) mutating func below(_ bound: Int) -> Int {
        Int((UInt128(next()) &* UInt128(UInt64(bound))) >> 64)
    }

    @inline(__always) mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// Standard normal (Box–Muller, one value per call).
    mutating func normal() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// Geometric count on 0, 1, 2, … with the given mean.
    mutating func geometric(mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        let p = 1 / (1 + mean)
        let u = max(unit(), 1e-300)
        return Int(log(u) / log(1 - p))
    }

    /// Index drawn with the given relative weights.
    mutating func weighted(_ cumulative: [Double]) -> Int {
        let target = unit() * (cumulative.last ?? 0)
        var index = 0
        while index < cumulative.count - 1, cumulative[index] <= target { index += 1 }
        return index
    }
}
