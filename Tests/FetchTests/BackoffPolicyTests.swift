import Fetch
import Testing

@Suite struct BackoffPolicyTests {
    @Test func exponentialWithEqualJitterWithinBounds() {
        let policy = BackoffPolicy(base: 1, maximum: 60, seed: 9)
        for attempt in 1...10 {
            let ceiling = min(60, Double(1 << (attempt - 1)))
            let delay = policy.delay(attempt: attempt, key: "GetOwnedGames/1")
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
    }

    @Test func seededAndKeyedSoRunsRepeat() {
        let a = BackoffPolicy(seed: 1), b = BackoffPolicy(seed: 1), c = BackoffPolicy(seed: 2)
        #expect(a.delay(attempt: 3, key: "k") == b.delay(attempt: 3, key: "k"))
        let spread = Set((0..<20).map { a.delay(attempt: 4, key: "k\($0)") })
        #expect(spread.count > 15)
        #expect(a.delay(attempt: 4, key: "k") != c.delay(attempt: 4, key: "k"))
    }

    @Test func retryAfterIsAFloor() {
        let policy = BackoffPolicy(base: 0.01, maximum: 1, seed: 1)
        #expect(policy.delay(attempt: 1, key: "k", retryAfter: 7) == 7)
        #expect(BackoffPolicy.retryAfterSeconds("  12 ") == 12)
        #expect(BackoffPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
        #expect(BackoffPolicy.retryAfterSeconds("-3") == nil)
        #expect(BackoffPolicy.retryAfterSeconds("999999999") == 86_400)
    }
}
