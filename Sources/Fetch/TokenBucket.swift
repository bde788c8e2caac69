/// Token-bucket arithmetic for the request rate: `rate` tokens per second, at most `capacity` stored.
/// A call asks `availableAt(_:)` when it may start, waits, and `take(at:)`s its token at the time it really
/// starts, so a caller that woke late never lets the next one start early: calls never exceed `capacity` in a
/// burst nor `rate` on average. A `Retry-After` pauses the bucket for everyone (`pause(until:)`).
/// Pure: times are seconds on any monotonic clock, passed in.
public struct TokenBucket: Sendable, Equatable {
    public let rate: Double
    public let capacity: Double
    /// Tokens at `updatedAt`.
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

    func tokens(at now: Double) -> Double {
        now <= updatedAt ? tokens : min(capacity, tokens + (now - updatedAt) * rate)
    }

    /// The earliest time (≥ `now`) a call asked for at `now` may start.
    public func availableAt(_ now: Double) -> Double {
        let at = max(now, updatedAt)
        let have = tokens(at: at)
        let ready = have >= 1 ? at : at + (1 - have) / rate
        return max(ready, pausedUntil)
    }

    /// Takes one token for a call starting at `now` (which should be ≥ `availableAt`).
    public mutating func take(at now: Double) {
        let at = max(now, updatedAt)
        tokens = tokens(at: at) - 1
        updatedAt = at
    }

    /// `availableAt` then `take` at that time: books a call asked for at `now` and returns its start time.
    public mutating func reserve(at now: Double) -> Double {
        let start = availableAt(now)
        take(at: start)
        return start
    }

    /// Holds every call until `time` (a server's `Retry-After`): one call may start then, the next at the rate.
    public mutating func pause(until time: Double) {
        guard time > pausedUntil else { return }
        pausedUntil = time
        if time > updatedAt {
            updatedAt = time
            tokens = 1
        }
    }
}
