/// The clock a fetch run reads: a monotonic one for rate and backoff timing, and Unix time for freshness
/// and `fetched_at`. Injected, so tests can move Unix time ("25 hours later") or count sleeps.
public protocol FetchClock: Sendable {
    /// Monotonic seconds since an arbitrary start.
    func monotonicNow() -> Double
    /// Unix seconds now.
    func unixNow() -> Int64
    /// Sleeps until the monotonic time `deadline` (returns at once if it has passed).
    func sleep(until deadline: Double) async throws
}

/// The real clock: `ContinuousClock` and the system's Unix time, optionally shifted (tests of freshness).
public struct SystemFetchClock: FetchClock {
    let start = ContinuousClock.now
    /// Added to the Unix time (seconds).
    public var unixOffset: Int64

    public init(unixOffset: Int64 = 0) { self.unixOffset = unixOffset }

    public func monotonicNow() -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    public func unixNow() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) + unixOffset
    }

    public func sleep(until deadline: Double) async throws {
        let wait = deadline - monotonicNow()
        guard wait > 0 else { return }
        try await Task.sleep(for: .nanoseconds(Int64(wait * 1e9)))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
