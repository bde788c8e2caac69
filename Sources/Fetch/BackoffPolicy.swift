import PipelineCore

/// How long to wait before retrying a failed call: exponential (`base · 2^(attempt−1)`, at most `maximum`)
/// with "equal jitter" (half fixed, half random), the random half drawn from a generator seeded by the seed,
/// the request key and the attempt, so the same run plans the same waits. A server's `Retry-After` is a floor.
public struct BackoffPolicy: Sendable, Equatable {
    public var base: Double
    public var maximum: Double
    public var seed: UInt64

    public init(base: Double = 1, maximum: Double = 60, seed: UInt64 = 1) {
        self.base = base
        self.maximum = maximum
        self.seed = seed
    }

    /// Seconds to wait after failed attempt number `attempt` (1-based) of `key`.
    public func delay(attempt: Int, key: String, retryAfter: Double? = nil) -> Double {
        let exponent = Double(min(max(attempt - 1, 0), 30))
        let ceiling = min(maximum, base * Double(1 << Int(exponent)))
        var generator = SeededGenerator(seed: seed ^ Self.fnv1a(key) ^ (UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15))
        let jittered = ceiling / 2 + ceiling / 2 * generator.nextUnit()
        return max(jittered, retryAfter ?? 0)
    }

    /// FNV-1a over the UTF-8 of `text`: a stable hash (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Parses a `Retry-After` value in delta-seconds form (an HTTP date is not used by Steam; it gives `nil`).
    public static func retryAfterSeconds(_ header: String?) -> Double? {
        guard let text = header?.trimmingCharacters(in: [" ", "\t"]), let seconds = Int(text), seconds >= 0 else { return nil }
        return Double(min(seconds, 86_400))
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var view = Substring(self)
        while let first = view.first, set.contains(first) { view = view.dropFirst() }
        while let last = view.last, set.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
