import Fetch
@testable import FetchIO
import Foundation
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

    /// A call that would be admitted at or after the deadline is refused at once and takes no token.
    @Test func refusedPastTheDeadline() async {
        let clock = SystemFetchClock()
        let limiter = RateLimiter(rate: 1, burst: 1, clock: clock)
        #expect(await limiter.admit(before: .infinity) != nil)
        // The next token is a second away: refused against a deadline 0.5 s from now, without waiting for it.
        let asked = clock.monotonicNow()
        #expect(await limiter.admit(before: asked + 0.5) == nil)
        #expect(clock.monotonicNow() - asked < 0.5)
    }

    /// End to end through a fetch run against the stub: every call goes through the limiter, so 37 calls at
    /// 25/s with a burst of 1 cannot reach the server in less than 36/25 s, and none fails.
    @Test func aFetchRunKeepsToTheRate() async throws {
        let server = try await StubSteamServer.start()
        defer { Task { await server.shutdown() } }
        let rig = try FetchTestRig(server: server)
        var config = rig.configuration(ids: FetchTestRig.ids(12))
        config.requestsPerSecond = 25
        config.burst = 1
        config.concurrency = 4
        config.endpoints = [.playerSummaries, .friendList, .ownedGames, .recentlyPlayedGames]
        let summary = try await FetchRun(configuration: config).execute()
        #expect(summary.failures == 0)
        // 37 different calls. On a loaded machine an answer can come after the client's timeout and the call is
        // retried (it still counts against the limit), so arrivals may be a few more than calls.
        let calls = Set(server.requests.map(\.callID))
        #expect(calls.count == 37)
        let times = server.requests.map(\.time).sorted()
        #expect(times.count >= 37)
        // Admissions are 1/25 s apart at least; a call's arrival may lag its admission but never precede it, and
        // the first call is admitted before any other, so the last arrival is at least 36/25 s after the first
        // admission. The first arrival lags its admission by a connection set-up, allowed here as 0.05 s.
        #expect(times.last! - times.first! >= 36.0 / 25 - 0.05)
    }
}
