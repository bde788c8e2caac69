import Fetch
import FetchIO
import Foundation
import Testing

/// The stub measures arrival times: no call may come faster than the configured rate.
@Suite struct RateLimiterTests {
    @Test func noRequestFasterThanTheLimit() async throws {
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
        let times = server.requests.map(\.time).sorted()
        // 37 different calls. On a loaded machine an answer can come after the client's timeout and the call is
        // retried (it still counts against the limit, checked below), so arrivals may be a few more than calls.
        let calls = Set(server.requests.map(\.callID))
        #expect(calls.count == 37)
        #expect(times.count >= 37)
        // Calls are admitted 1/25 s apart; on the wire one call may be late and arrive with the next one
        // (connection set-up, a busy machine), so: no window of arrivals holds more than burst + 1 + rate × length.
        for i in times.indices {
            for j in (i + 1)..<times.count {
                #expect(Double(j - i + 1) <= 2 + 25 * (times[j] - times[i]), "calls \(i)…\(j)")
            }
        }
        // And on average the rate is the limit, not less: 37 calls at 25/s span 1.44 s.
        #expect(times.last! - times.first! >= 36.0 / 25 - 0.05)
    }
}
