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

    /// Waits for a token; `false` (at once, no token taken) when it would come at or after `deadline`.
    func admit(before deadline: Double) async -> Bool {
        let previous = tail
        let turn = Task<Bool, Never> {
            await previous?.value
            return await self.waitAndTake(before: deadline)
        }
        tail = Task { _ = await turn.value }
        return await turn.value
    }

    private func waitAndTake(before deadline: Double) async -> Bool {
        while true {
            let start = bucket.availableAt(clock.monotonicNow())
            if start >= deadline { return false }
            if start <= clock.monotonicNow() {
                bucket.take(at: clock.monotonicNow())
                return true
            }
            // A pause may arrive while sleeping (actor reentrancy): look again after waking.
            try? await clock.sleep(until: start)
        }
    }

    func pause(forSeconds seconds: Double) {
        bucket.pause(until: clock.monotonicNow() + seconds)
    }
}
