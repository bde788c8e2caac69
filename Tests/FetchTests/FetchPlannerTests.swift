import Fetch
import Testing

@Suite struct FetchPlannerTests {
    static func ids(_ count: Int) -> [String] { (1...count).map { String(76_561_197_960_265_728 + UInt64($0)) } }

    @Test func batchesSummariesAndBansByHundred() {
        let planner = FetchPlanner(answeredAt: [:], now: 1_000_000)
        let requests = planner.requests(players: Self.ids(250), apps: [], endpoints: [.playerSummaries, .playerBans])
        #expect(requests.map(\.endpoint) == [.playerSummaries, .playerSummaries, .playerSummaries, .playerBans, .playerBans, .playerBans])
        #expect(requests.map(\.keys.count) == [100, 100, 50, 100, 100, 50])
        #expect(requests[0].keys.first?.steamID == Self.ids(1)[0])
        #expect(requests[0].query.first?.1.split(separator: ",").count == 100)
    }

    @Test func onePerPlayerAndPerApp() {
        let planner = FetchPlanner(answeredAt: [:], now: 0)
        let requests = planner.requests(players: Self.ids(2), apps: [440, 570])
        let count = { (e: SteamEndpoint) in requests.filter { $0.endpoint == e }.count }
        #expect(count(.playerSummaries) == 1 && count(.playerBans) == 1)
        #expect(count(.friendList) == 2 && count(.ownedGames) == 2 && count(.recentlyPlayedGames) == 2)
        #expect(count(.playerAchievements) == 4)
        #expect(count(.schemaForGame) == 2 && count(.globalAchievementPercentages) == 2)
        #expect(count(.resolveVanityURL) == 0)
    }

    @Test func freshAnswersAreNotRequestedStaleOnesAre() {
        let id = Self.ids(1)[0]
        let now: Int64 = 10_000_000
        let answered: [CacheKey: Int64] = [
            CacheKey(endpoint: .ownedGames, steamID: id): now - 23 * 3_600,      // fresh (24 h)
            CacheKey(endpoint: .playerSummaries, steamID: id): now - 2 * 3_600,  // stale (1 h)
            CacheKey(endpoint: .friendList, steamID: id): now - 25 * 3_600,      // stale (24 h)
        ]
        let requests = FetchPlanner(answeredAt: answered, now: now).requests(players: [id], apps: [])
        #expect(!requests.contains { $0.endpoint == .ownedGames })
        #expect(requests.contains { $0.endpoint == .playerSummaries })
        #expect(requests.contains { $0.endpoint == .friendList })
        let overridden = FetchPlanner(answeredAt: answered, now: now, freshness: [.ownedGames: 3_600]).requests(players: [id], apps: [])
        #expect(overridden.contains { $0.endpoint == .ownedGames })
    }

    @Test func vanityNamesWithoutFreshAnswers() {
        let now: Int64 = 1_000_000
        let planner = FetchPlanner(answeredAt: [CacheKey(endpoint: .resolveVanityURL, vanity: "a"): now - 60], now: now)
        #expect(planner.vanityRequests(["b", "a", "b"]).map { $0.keys[0].vanity } == ["b"])
    }

    @Test func urlCarriesKeyFirstAndFixedParameters() {
        let request = FetchRequest(endpoint: .ownedGames, keys: [CacheKey(endpoint: .ownedGames, steamID: "76561197960435530")])
        #expect(request.url(base: "http://h:1/", apiKey: "K&1")
            == "http://h:1/IPlayerService/GetOwnedGames/v1/?key=K%261&steamid=76561197960435530&include_appinfo=1&include_played_free_games=1&format=json")
    }
}
