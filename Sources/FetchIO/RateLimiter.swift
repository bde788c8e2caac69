import Fetch

/// The shared token bucket of one run: every call waits here for its start time; a `Retry-After`
/// pauses all of them.
actor RateLimiter {
    private var bucket: TokenBucket
    private let clock: any FetchClock

    init(rate: Double, burst: Double, clock: any FetchClock) {
        self.clock = clock
        self.bucket = TokenBucket(rate: rate, capacity: burst, start: clock.monotonicNow())
    }

    /// Books a call and returns its start time (monotonic seconds); the caller sleeps until then.
    func reserve() -> Double {
        bucket.reserve(at: clock.monotonicNow())
    }

    func pause(forSeconds seconds: Double) {
        bucket.pause(until: clock.monotonicNow() + seconds)
    }
}
