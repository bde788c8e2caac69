import Fetch
import Testing

@Suite struct JournalRecordTests {
    static let robin = "76561197960435530"

    @Test func envelopeHasIngestsKeysInOrder() {
        let key = CacheKey(endpoint: .playerAchievements, steamID: Self.robin, appID: 440)
        let line = JournalRecord.envelope(for: key, fetchedAt: 1_745_834_400, body: Array("{\"playerstats\":{}}".utf8))
        #expect(String(decoding: line, as: UTF8.self)
            == "{\"steamid\":\"\(Self.robin)\",\"source\":\"GetPlayerAchievements\",\"fetched_at\":\"2025-04-28T10:00:00Z\",\"appid\":440,\"body\":{\"playerstats\":{}}}")
        let app = JournalRecord.envelope(for: CacheKey(endpoint: .schemaForGame, appID: 440), fetchedAt: 0, body: Array("{}".utf8))
        #expect(String(decoding: app, as: UTF8.self) == "{\"source\":\"GetSchemaForGame\",\"fetched_at\":\"1970-01-01T00:00:00Z\",\"appid\":440,\"body\":{}}")
    }

    @Test func recordsRoundTrip() {
        let key = CacheKey(endpoint: .resolveVanityURL, vanity: "robin_w")
        let answer = JournalRecord(key: key, at: 1_700_000_000, attempts: 2,
                                   result: .envelope(Array("{\"source\":\"ResolveVanityURL\",\"body\":{}}".utf8), resolvedSteamID: Self.robin))
        let failure = JournalRecord(key: CacheKey(endpoint: .ownedGames, steamID: Self.robin), at: 5, attempts: 4,
                                    result: .failure(FetchFailure(.httpStatus, status: 503, cause: "HTTP 503: \"busy\"\n")))
        for record in [answer, failure] {
            let line = record.line()
            #expect(line.last == 0x0A && line.dropLast().allSatisfy { $0 != 0x0A })
            let parsed = line.withUnsafeBytes { JournalRecord.parse(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
            #expect(parsed == record)
        }
    }

    @Test func tornLinesDoNotParse() {
        let line = JournalRecord(key: CacheKey(endpoint: .friendList, steamID: Self.robin), at: 1, attempts: 1,
                                 result: .envelope(Array("{\"body\":{\"friendslist\":{\"friends\":[]}}}".utf8), resolvedSteamID: nil)).line()
        for cut in [1, 10, line.count / 2, line.count - 2] {
            #expect(line.withUnsafeBytes { JournalRecord.parse(UnsafeRawBufferPointer(rebasing: $0[0..<cut])) } == nil)
        }
    }

    @Test func stateKeepsNewestAnswerAndCountsFailuresSinceIt() {
        let key = CacheKey(endpoint: .ownedGames, steamID: Self.robin)
        var state = JournalState()
        let fail = FetchFailure(.timeout, cause: "slow")
        state.apply(JournalRecord(key: key, at: 1, attempts: 3, result: .failure(fail)), lineRange: 0..<10)
        state.apply(JournalRecord(key: key, at: 2, attempts: 1, result: .envelope([], resolvedSteamID: nil)), lineRange: 10..<20)
        state.apply(JournalRecord(key: key, at: 3, attempts: 2, result: .failure(fail)), lineRange: 20..<30)
        state.apply(JournalRecord(key: key, at: 4, attempts: 4, result: .failure(fail)), lineRange: 30..<40)
        #expect(state.answeredAt[key] == 2)
        #expect(state.answers(for: .ownedGames).map(\.line) == [10..<20])
        #expect(state.failing.map(\.attempts) == [6])
        #expect(state.liveLines == 2 && state.lines == 4)
    }

    @Test func rfc3339() {
        #expect(RFC3339.format(unixSeconds: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(RFC3339.format(unixSeconds: 4_102_444_799) == "2099-12-31T23:59:59Z")
    }

    @Test func cacheKeysParseAndSort() {
        let keys = ["GetPlayerAchievements/76561197960435530/440", "GetSchemaForGame/440", "ResolveVanityURL/robin", "GetOwnedGames/76561197960265729"]
        for text in keys { #expect(CacheKey(text)?.description == text) }
        #expect(CacheKey("GetOwnedGames/abc") == nil && CacheKey("Nope/1") == nil && CacheKey("GetSchemaForGame/x") == nil)
        let a = CacheKey(endpoint: .friendList, steamID: "9"), b = CacheKey(endpoint: .friendList, steamID: "10")
        #expect(a < b)
        #expect(CacheKey(endpoint: .playerSummaries, steamID: "99") < a)
    }
}
