import Fetch
import Testing

@Suite struct ResponseClassifierTests {
    static let robin = "76561197960435530", other = "76561197960435531"

    static func single(_ endpoint: SteamEndpoint, steamID: String = robin, app: UInt32? = nil) -> FetchRequest {
        FetchRequest(endpoint: endpoint, keys: [CacheKey(endpoint: endpoint, steamID: endpoint.scope == .app ? "" : steamID, appID: app)])
    }

    static func failureKind(_ outcome: ResponseClassifier.Outcome?) -> FetchFailure.Kind? {
        if case .failure(let failure)? = outcome { return failure.kind }
        return nil
    }

    static func run(_ endpoint: SteamEndpoint, _ body: String, status: Int = 200, contentType: String? = "application/json") -> ResponseClassifier.Outcome? {
        let request = single(endpoint)
        return ResponseClassifier.classify(request, status: status, contentType: contentType, body: Array(body.utf8))[request.keys[0]]
    }

    @Test func typedFailures() {
        #expect(Self.failureKind(Self.run(.ownedGames, "{}")) == .empty)
        #expect(Self.failureKind(Self.run(.ownedGames, "{\"response\":{}}")) == .privateData)
        #expect(Self.failureKind(Self.run(.ownedGames, "{\"response\":{\"game_count\":3,\"games\":[")) == .truncated)
        #expect(Self.failureKind(Self.run(.ownedGames, "")) == .truncated)
        #expect(Self.failureKind(Self.run(.ownedGames, "{\"response\":[}")) == .malformedJSON)
        #expect(Self.failureKind(Self.run(.ownedGames, "[1,2]")) == .malformedJSON)
        #expect(Self.failureKind(Self.run(.ownedGames, "<html><body>Error</body></html>", contentType: "text/html")) == .html)
        #expect(Self.failureKind(Self.run(.ownedGames, "\n <!DOCTYPE html>", contentType: nil)) == .html)
        #expect(Self.failureKind(Self.run(.friendList, "", status: 401)) == .privateData)
        #expect(Self.failureKind(Self.run(.ownedGames, "busy", status: 503)) == .httpStatus)
        #expect(Self.failureKind(Self.run(.playerAchievements, "{\"playerstats\":{\"error\":\"Profile is not public\",\"success\":false}}")) == .privateData)
        #expect(Self.failureKind(Self.run(.playerAchievements, "{\"playerstats\":{\"error\":\"Requested app has no stats\",\"success\":false}}")) == .apiError)
        #expect(Self.failureKind(Self.run(.resolveVanityURL, "{\"response\":{\"success\":42,\"message\":\"No match\"}}")) == .apiError)
        #expect(Self.failureKind(Self.run(.resolveVanityURL, "{\"response\":{\"steamid\":\"123456789\",\"success\":1}}")) == .apiError)
    }

    @Test func retryability() {
        #expect(FetchFailure(.httpStatus, status: 429, cause: "").isRetryable)
        #expect(FetchFailure(.httpStatus, status: 503, cause: "").isRetryable)
        #expect(!FetchFailure(.httpStatus, status: 404, cause: "").isRetryable)
        #expect(FetchFailure(.timeout, cause: "").isRetryable && FetchFailure(.truncated, cause: "").isRetryable)
        #expect(!FetchFailure(.privateData, cause: "").isRetryable && !FetchFailure(.empty, cause: "").isRetryable)
    }

    @Test func retryAfterIsKeptOnA429() {
        let request = Self.single(.ownedGames)
        let outcome = ResponseClassifier.classify(request, status: 429, contentType: "text/plain", retryAfter: 3, body: [])[request.keys[0]]
        guard case .failure(let failure)? = outcome else { Issue.record("expected a failure"); return }
        #expect(failure.status == 429 && failure.retryAfter == 3)
    }

    @Test func batchAnswersAreSplitPerPlayerAndMissingPlayersTyped() {
        let keys = [Self.robin, Self.other, "76561197960435532"].map { CacheKey(endpoint: .playerSummaries, steamID: $0) }
        let body = "{\n \"response\": {\"players\": [ {\"steamid\": \"\(Self.other)\", \"personaname\": \"A b\"},\r\n {\"steamid\":\"\(Self.robin)\",\"x\":[1, 2]} ] } }"
        let outcomes = ResponseClassifier.classify(FetchRequest(endpoint: .playerSummaries, keys: keys), status: 200, contentType: nil, body: Array(body.utf8))
        #expect(outcomes[keys[0]] == .answer(body: Array("{\"response\":{\"players\":[{\"steamid\":\"\(Self.robin)\",\"x\":[1,2]}]}}".utf8), resolvedSteamID: nil))
        #expect(outcomes[keys[1]] == .answer(body: Array("{\"response\":{\"players\":[{\"steamid\":\"\(Self.other)\",\"personaname\":\"A b\"}]}}".utf8), resolvedSteamID: nil))
        #expect(Self.failureKind(outcomes[keys[2]]) == .missing)

        let banKeys = [CacheKey(endpoint: .playerBans, steamID: Self.robin)]
        let bans = ResponseClassifier.classify(FetchRequest(endpoint: .playerBans, keys: banKeys), status: 200, contentType: nil,
                                               body: Array("{\"players\":[{\"SteamId\":\"\(Self.robin)\",\"VACBanned\":false}]}".utf8))
        #expect(bans[banKeys[0]] == .answer(body: Array("{\"players\":[{\"SteamId\":\"\(Self.robin)\",\"VACBanned\":false}]}".utf8), resolvedSteamID: nil))
    }

    @Test func vanityAnswerResolves() {
        let outcome = Self.run(.resolveVanityURL, "{\"response\":{\"steamid\":\"\(Self.robin)\",\"success\":1}}")
        guard case .answer(_, let resolved)? = outcome else { Issue.record("expected an answer"); return }
        #expect(resolved == Self.robin)
    }

    @Test func minifierKeepsStringsAndNumbersByteForByte() {
        let text = "{ \"a\" : \"x  y\\\" \\n z\" ,\r\n\t\"b\": [ 1.50e3 , -0 ] }"
        let out = Array(text.utf8).withUnsafeBytes { JSONMinifier.minify($0) }
        #expect(String(decoding: out, as: UTF8.self) == "{\"a\":\"x  y\\\" \\n z\",\"b\":[1.50e3,-0]}")
    }
}
