import Fetch

/// The shared token bucket of one run. Calls are admitted one at a time, in order: each waits for its
/// token and takes it at the time it is really admitted, so a late wake-up (a busy machine) never lets two
/// calls through together. A `Retry-After` pauses all of them.
actor RateLimiter {
    private var bucket: TokenBucket
    private let clock: any FetchClock
    /// The admission before the newest one; each waits for its predecessor.
    private var tail: Task<Void, Never>?

    init(rate: Double, burst: Double, clock: any FetchClock) {
        self.clock = clock
        self.bucket = TokenBucket(rate: rate, capacity: burst, start: clock.monotonicNow())
    }

    /// Waits for a token and returns the monotonic time it was taken at; `nil` (at once, no token taken)
    /// when it would come at or after `deadline`.
    func admit(before deadline: Double) async -> Double? {
        let previous = tail
        let turn = Task<Double?, Never> {
            await previous?.value
            return await self.waitAndTake(before: deadline)
        }
        tail = Task { _ = await turn.value }
        return await turn.value
    }

    private func waitAndTake(before deadline: Double) async -> Double? {
        while true {
            let start = bucket.availableAt(clock.monotonicNow())
            if start >= deadline { return nil }
            let now = clock.monotonicNow()
            if start <= now {
                bucket.take(at: now)
                return now
            }
            // A pause may arrive while sleeping (actor reentrancy): look again after waking.
            try? await clock.sleep(until: start)
        }
    }

    func pause(forSeconds seconds: Double) {
        bucket.pause(until: clock.monotonicNow() + seconds)
    }
}
