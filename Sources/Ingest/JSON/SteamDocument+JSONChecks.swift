import PlayerModel

/// Facts a JSON decoder needs about a decoded document: whose it says it is, and which Web API method
/// produced it (for the envelope's `source` cross-check).
extension SteamDocument {
    /// The owner id the document itself carries, for single-owner documents: a one-player summary,
    /// a one-entry ban list, player achievements, a profile or a games/friends list that names its owner.
    var carriedOwner: SteamID64? {
        switch self {
        case .playerSummaries(let players): players.count == 1 ? players[0].steamID : nil
        case .playerBans(let bans): bans.count == 1 ? bans[0].steamID : nil
        case .playerAchievements(let facts): facts.owner
        case .profile(let facts): facts.steamID
        case .gameLibrary(let facts): facts.owner
        case .friendList(let facts): facts.owner
        case .steamLevel(let owner, _): owner
        case .preferences(let facts): facts.steamID
        case .memberList, .gameSchema, .globalAchievementPercentages, .vanityResolution, .errorResponse: nil
        }
    }

    /// The Web API method names an envelope's `source` may give for this kind of document.
    var webAPIMethodNames: [String] {
        switch self {
        case .playerSummaries: ["GetPlayerSummaries"]
        case .gameLibrary(let facts):
            switch facts.kind {
            case .recentlyPlayed: ["GetRecentlyPlayedGames"]
            // An empty `response` cannot tell owned from recently played games.
            case .ownedGames where facts.games == nil: ["GetOwnedGames", "GetRecentlyPlayedGames"]
            case .ownedGames, .gamesXML: ["GetOwnedGames"]
            }
        case .friendList: ["GetFriendList"]
        case .playerBans: ["GetPlayerBans"]
        case .playerAchievements: ["GetPlayerAchievements"]
        case .gameSchema: ["GetSchemaForGame"]
        case .globalAchievementPercentages: ["GetGlobalAchievementPercentagesForApp"]
        case .vanityResolution: ["ResolveVanityURL"]
        case .steamLevel: ["GetSteamLevel"]
        case .profile, .memberList, .preferences, .errorResponse: []
        }
    }

    /// Every method name `webAPIMethodNames` can give; other `source` values are not cross-checked.
    static let knownWebAPIMethodNames: Set<String> = [
        "GetPlayerSummaries", "GetOwnedGames", "GetRecentlyPlayedGames", "GetFriendList", "GetPlayerBans",
        "GetPlayerAchievements", "GetSchemaForGame", "GetGlobalAchievementPercentagesForApp", "ResolveVanityURL",
        "GetSteamLevel",
    ]
}
