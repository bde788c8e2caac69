/// One request the stub server received: when (monotonic seconds), the method path, the query without the
/// key, and the key that came with it.
struct StubRequest: Sendable {
    var time: Double
    /// `ISteamUser/GetPlayerSummaries/v2/` (the part after the API base).
    var path: String
    var query: [String: String]
    var key: String?

    /// The call this request makes: the path and its parameters in name order, without the key (a retry of a
    /// call has the same one).
    var callID: String {
        path + "?" + query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }

    /// The Web API method name (`GetPlayerSummaries`).
    var method: String {
        path.split(separator: "/").dropFirst().first.map(String.init) ?? path
    }

    var steamIDs: [String] {
        if let list = query["steamids"] { return list.split(separator: ",").map(String.init) }
        return query["steamid"].map { [$0] } ?? []
    }

    /// The cache-key text the fetch client would use for a single-subject call.
    var keyText: String {
        var parts = [method]
        if let id = query["steamid"] { parts.append(id) }
        if let app = query["appid"] ?? query["gameid"] { parts.append(app) }
        if let vanity = query["vanityurl"] { parts.append(vanity) }
        return parts.joined(separator: "/")
    }
}
