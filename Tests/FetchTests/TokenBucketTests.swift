import Fetch
import PipelineCore
import Testing

@Suite struct TokenBucketTests {
    @Test func spacesCallsAtTheRate() {
        var bucket = TokenBucket(rate: 50, capacity: 1, start: 0)
        let starts = (0..<10).map { _ in bucket.reserve(at: 0) }
        for (index, start) in starts.enumerated() {
            #expect(abs(start - Double(index) / 50) < 1e-9)
        }
    }

    @Test func burstThenRate() {
        var bucket = TokenBucket(rate: 10, capacity: 3, start: 0)
        let starts = (0..<5).map { _ in bucket.reserve(at: 0) }
        #expect(starts[0] == 0 && starts[1] == 0 && starts[2] == 0)
        #expect(abs(starts[3] - 0.1) < 1e-9 && abs(starts[4] - 0.2) < 1e-9)
    }

    @Test func refillsWhileIdleUpToCapacity() {
        var bucket = TokenBucket(rate: 1, capacity: 2, start: 0)
        _ = bucket.reserve(at: 0)
        _ = bucket.reserve(at: 0)
        // 100 s idle refills only 2 tokens.
        #expect(bucket.reserve(at: 100) == 100)
        #expect(bucket.reserve(at: 100) == 100)
        #expect(abs(bucket.reserve(at: 100) - 101) < 1e-9)
    }

    @Test func pauseHoldsEveryoneThenRefills() {
        var bucket = TokenBucket(rate: 10, capacity: 1, start: 0)
        _ = bucket.reserve(at: 0)
        bucket.pause(until: 5)
        #expect(bucket.reserve(at: 1) == 5)
        #expect(abs(bucket.reserve(at: 1) - 5.1) < 1e-9)
        bucket.pause(until: 2)  // an earlier pause does not shorten the current one
        #expect(bucket.pausedUntil == 5)
    }

    @Test func aLateStartDoesNotLetTheNextOneGoEarly() {
        var bucket = TokenBucket(rate: 10, capacity: 1, start: 0)
        #expect(bucket.availableAt(0) == 0)
        bucket.take(at: 0)
        #expect(abs(bucket.availableAt(0) - 0.1) < 1e-9)
        bucket.take(at: 0.7)  // woke up late
        #expect(abs(bucket.availableAt(0.7) - 0.8) < 1e-9)
    }

    @Test func averageNeverExceedsTheRateOverAnyWindow() {
        var bucket = TokenBucket(rate: 7, capacity: 4, start: 0)
        var generator = SeededGenerator(seed: 3)
        var now = 0.0
        var starts: [Double] = []
        for _ in 0..<500 {
            now += generator.nextUnit() * 0.3
            starts.append(bucket.reserve(at: now))
        }
        starts.sort()
        for i in starts.indices {
            for j in (i + 1)..<min(i + 60, starts.count) {
                #expect(Double(j - i + 1) <= 4 + 7 * (starts[j] - starts[i]) + 1e-6)
            }
        }
    }
}

