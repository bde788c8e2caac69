import Fetch
@testable import FetchIO
import Foundation
import Synchronization
import Testing

/// No call may be admitted faster than the configured rate. The limit is checked where it is enforced, on the
/// limiter's admission times: arrival times on the wire also carry the scheduler's delays, which on a starved
/// machine can bunch calls admitted far apart.
@Suite struct RateLimiterTests {
    /// Token-bucket invariant on the real clock with concurrent callers: any window of admissions
    /// `t[i]…t[j]` holds at most `burst + rate × (t[j] − t[i])` calls, however late the callers run.
    @Test(arguments: [(rate: 25.0, burst: 1.0), (rate: 40.0, burst: 3.0)])
    func admissionsNeverExceedTheBucket(rate: Double, burst: Double) async throws {
        let limiter = RateLimiter(rate: rate, burst: burst, clock: SystemFetchClock())
        let admissions = await withTaskGroup(of: Double?.self) { group in
            for _ in 0..<30 { group.addTask { await limiter.admit(before: .infinity) } }
            var times: [Double] = []
            for await time in group { if let time { times.append(time) } }
            return times.sorted()
        }
        #expect(admissions.count == 30)
        for i in admissions.indices {
            for j in (i + 1)..<admissions.count {
                #expect(Double(j - i + 1) <= burst + rate * (admissions[j] - admissions[i]) + 1e-6, "admissions \(i)…\(j)")
            }
        }
        // The limiter is not slower than the rate either: 30 calls, `burst` of them at once, the rest at the rate.
        // (Only a starved machine could stretch this, and it bounds nothing from above.)
        #expect(admissions.last! - admissions.first! >= (30 - burst) / rate - 1e-6)
    }

    /// A call that would be admitted at or after the deadline is refused at once and takes no token. On a
    /// manual clock (sleeping moves it to the deadline), so no wall time is measured.
    @Test func refusedPastTheDeadline() async {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 1, burst: 1, clock: clock)
        #expect(await limiter.admit(before: .infinity) == 0)
        // The next token is at 1 s: refused against a deadline at 0.5 s, without sleeping towards it.
        #expect(await limiter.admit(before: 0.5) == nil)
        #expect(clock.monotonicNow() == 0)
        // The refusal took no token: the next call is admitted at 1 s, not 2 s.
        #expect(await limiter.admit(before: .infinity) == 1)
    }

    /// End to end through a fetch run against the stub: every call goes through the limiter, so 37 calls at
    /// 25/s with a burst of 1 cannot be made in less than 36/25 s, and none fails.
    @Test func aFetchRunKeepsToTheRate() async throws {
        let server = try await StubSteamServer.start()
        defer { Task { await server.shutdown() } }
        let rig = try FetchTestRig(server: server)
        var config = rig.configuration(ids: FetchTestRig.ids(12))
        config.requestsPerSecond = 25
        config.burst = 1
        config.concurrency = 4
        config.endpoints = [.playerSummaries, .friendList, .ownedGames, .recentlyPlayedGames]
        let started = ContinuousClock.now
        let summary = try await FetchRun(configuration: config).execute()
        let elapsed = ContinuousClock.now - started
        #expect(summary.failures == 0)
        // 37 different calls. On a loaded machine an answer can come after the client's timeout and the call is
        // retried (it still counts against the limit), so arrivals may be a few more than calls.
        let calls = Set(server.requests.map(\.callID))
        #expect(calls.count == 37)
        #expect(server.requests.count >= 37)
        // Admissions are 1/25 s apart at least (burst 1), and all 37 happen inside `execute`: it cannot end
        // sooner than 36/25 s after it began. A busy machine can only make it later.
        #expect(elapsed >= .milliseconds(1_440), "\(elapsed)")
    }
}

/// A clock that stands still until slept on: `sleep(until:)` moves it to the deadline at once.
private final class ManualClock: FetchClock, Sendable {
    private let now = Mutex(0.0)

    func monotonicNow() -> Double { now.withLock { $0 } }
    func unixNow() -> Int64 { 1_700_000_000 }
    func sleep(until deadline: Double) async throws { now.withLock { $0 = max($0, deadline) } }
}
