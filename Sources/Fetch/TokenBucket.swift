/// Token-bucket arithmetic for the request rate: `rate` tokens per second, at most `capacity` stored.
/// `reserve(at:)` books the next call and says when it may start, so calls never exceed `capacity`
/// in a burst nor `rate` on average. A `Retry-After` pauses the bucket for everyone (`pause(until:)`).
/// Pure: times are seconds on any monotonic clock, passed in.
public struct TokenBucket: Sendable, Equatable {
    public let rate: Double
    public let capacity: Double
    /// Tokens at `updatedAt` (may be negative: calls booked ahead).
    public private(set) var tokens: Double
    public private(set) var updatedAt: Double
    /// No call starts before this time.
    public private(set) var pausedUntil: Double

    /// A bucket that starts full at `start`.
    public init(rate: Double, capacity: Double = 1, start: Double) {
        precondition(rate > 0 && capacity >= 1)
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.updatedAt = start
        self.pausedUntil = start
    }

    /// Books one call asked for at `now`; returns the time it may start (≥ `now`).
    public mutating func reserve(at now: Double) -> Double {
        let at = max(now, updatedAt)
        tokens = min(capacity, tokens + (at - updatedAt) * rate)
        updatedAt = at
        tokens -= 1
        let ready = tokens >= 0 ? at : at + (-tokens) / rate
        return max(ready, pausedUntil)
    }

    /// Holds every call until `time` (a server's `Retry-After`); the bucket refills from there.
    public mutating func pause(until time: Double) {
        guard time > pausedUntil else { return }
        pausedUntil = time
        if time > updatedAt {
            updatedAt = time
            tokens = min(tokens, 0)
        }
    }
}
