import PlayerModel

/// Facts the JSON decoders need about a decoded document: whose it says it is, and which Web API method
/// produced it (for the envelope's `source` cross-check).
enum JSONDocumentChecks {
    /// The owner id the document itself carries, for single-owner documents: a one-player summary,
    /// a one-entry ban list, player achievements, a profile or a games/friends list that names its owner.
    static func carriedOwner(of document: SteamDocument) -> SteamID64? {
        switch document {
        case .playerSummaries(let players): players.count == 1 ? players[0].steamID : nil
        case .playerBans(let bans): bans.count == 1 ? bans[0].steamID : nil
        case .playerAchievements(let facts): facts.owner
        case .profile(let facts): facts.steamID
        case .gameLibrary(let facts): facts.owner
        case .friendList(let facts): facts.owner
        case .steamLevel(let owner, _): owner
        case .preferences(let facts): facts.steamID
        case .memberList, .gameSchema, .globalAchievementPercentages, .vanityResolution, .errorResponse, .dota: nil
        }
    }

    /// The Web API method that produces this kind of document; `nil` for kinds that are not Web API responses.
    static func methodName(of document: SteamDocument) -> String? {
        switch document {
        case .playerSummaries: "GetPlayerSummaries"
        case .gameLibrary(let facts): facts.kind == .recentlyPlayed ? "GetRecentlyPlayedGames" : "GetOwnedGames"
        case .friendList: "GetFriendList"
        case .playerBans: "GetPlayerBans"
        case .playerAchievements: "GetPlayerAchievements"
        case .gameSchema: "GetSchemaForGame"
        case .globalAchievementPercentages: "GetGlobalAchievementPercentagesForApp"
        case .vanityResolution: "ResolveVanityURL"
        case .steamLevel: "GetSteamLevel"
        case .dota(let facts):
            switch facts.kind {
            case .matchHistory: "GetMatchHistory"
            case .matchHistoryBySequenceNum: "GetMatchHistoryBySequenceNum"
            case .matchDetails: "GetMatchDetails"
            case .heroes: "GetHeroes"
            }
        case .profile, .memberList, .preferences, .errorResponse: nil
        }
    }

    /// Whether an envelope's `source` agrees with the detected kind. An empty `response` (games unknown)
    /// fits both GetOwnedGames and GetRecentlyPlayedGames; unknown method names are not checked.
    static func source(_ source: String, fits document: SteamDocument) -> Bool {
        guard knownWebAPIMethodNames.contains(source), let detected = methodName(of: document), detected != source else { return true }
        if case .gameLibrary(let facts) = document, facts.games == nil, facts.kind == .ownedGames {
            return source == "GetRecentlyPlayedGames"
        }
        return false
    }

    /// Every name `methodName(of:)` can give.
    static let knownWebAPIMethodNames: Set<String> = [
        "GetPlayerSummaries", "GetOwnedGames", "GetRecentlyPlayedGames", "GetFriendList", "GetPlayerBans",
        "GetPlayerAchievements", "GetSchemaForGame", "GetGlobalAchievementPercentagesForApp", "ResolveVanityURL",
        "GetSteamLevel", "GetMatchHistory", "GetMatchHistoryBySequenceNum", "GetMatchDetails", "GetHeroes",
    ]
}
