/// Turns what should be known (players, apps, vanity names) and what is already stored into the calls to
/// make: every key without a fresh answer, batched by 100 for GetPlayerSummaries/GetPlayerBans, in key order.
/// Pure: the cache state and the time are arguments.
public struct FetchPlanner: Sendable {
    /// Unix seconds of the newest stored answer per key (failures are not answers).
    public var answeredAt: [CacheKey: Int64]
    /// Unix seconds now.
    public var now: Int64
    /// Freshness per method, in seconds (defaults: `SteamEndpoint.freshnessSeconds`).
    public var freshness: [SteamEndpoint: Int64]

    public init(answeredAt: [CacheKey: Int64], now: Int64, freshness: [SteamEndpoint: Int64] = [:]) {
        self.answeredAt = answeredAt
        self.now = now
        self.freshness = freshness
    }

    /// Whether `key` has an answer younger than its method's freshness (an answer from the future, e.g.
    /// after a clock step back, counts as fresh).
    public func isFresh(_ key: CacheKey) -> Bool {
        guard let at = answeredAt[key] else { return false }
        return now - at < (freshness[key.endpoint] ?? key.endpoint.freshnessSeconds)
    }

    /// The ResolveVanityURL calls for `names` that have no fresh answer.
    public func vanityRequests(_ names: [String]) -> [FetchRequest] {
        Set(names).sorted().map { CacheKey(endpoint: .resolveVanityURL, vanity: $0) }.filter { !isFresh($0) }
            .map { FetchRequest(endpoint: .resolveVanityURL, keys: [$0]) }
    }

    /// The calls for `players` (SteamID64 text) and `apps`: the player methods for every player,
    /// GetPlayerAchievements for every player and app, and the two app methods for every app.
    public func requests(players: [String], apps: [UInt32], endpoints: Set<SteamEndpoint> = Set(SteamEndpoint.allCases)) -> [FetchRequest] {
        let ids = Array(Set(players)).sorted { CacheKey(endpoint: .friendList, steamID: $0) < CacheKey(endpoint: .friendList, steamID: $1) }
        let appList = Set(apps).sorted()
        var out: [FetchRequest] = []
        for endpoint in SteamEndpoint.allCases where endpoints.contains(endpoint) {
            switch endpoint.scope {
            case .playerBatch:
                let stale = ids.map { CacheKey(endpoint: endpoint, steamID: $0) }.filter { !isFresh($0) }
                var start = 0
                while start < stale.count {
                    let end = min(start + SteamEndpoint.batchSize, stale.count)
                    out.append(FetchRequest(endpoint: endpoint, keys: Array(stale[start..<end])))
                    start = end
                }
            case .player:
                out += ids.map { CacheKey(endpoint: endpoint, steamID: $0) }.filter { !isFresh($0) }
                    .map { FetchRequest(endpoint: endpoint, keys: [$0]) }
            case .playerApp:
                for id in ids {
                    out += appList.map { CacheKey(endpoint: endpoint, steamID: id, appID: $0) }.filter { !isFresh($0) }
                        .map { FetchRequest(endpoint: endpoint, keys: [$0]) }
                }
            case .app:
                out += appList.map { CacheKey(endpoint: endpoint, appID: $0) }.filter { !isFresh($0) }
                    .map { FetchRequest(endpoint: endpoint, keys: [$0]) }
            case .vanity:
                continue
            }
        }
        return out
    }
}
