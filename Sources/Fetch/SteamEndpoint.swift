/// One Steam Web API method that `fetch` calls: where it lives, what it is asked for, and how long its
/// answer stays fresh. `rawValue` is the method name, which is also the envelope's `source`.
public enum SteamEndpoint: String, Sendable, CaseIterable, Comparable, Codable {
    case playerSummaries = "GetPlayerSummaries"
    case playerBans = "GetPlayerBans"
    case friendList = "GetFriendList"
    case ownedGames = "GetOwnedGames"
    case recentlyPlayedGames = "GetRecentlyPlayedGames"
    case playerAchievements = "GetPlayerAchievements"
    case schemaForGame = "GetSchemaForGame"
    case globalAchievementPercentages = "GetGlobalAchievementPercentagesForApp"
    case resolveVanityURL = "ResolveVanityURL"

    /// What one request of this method is about.
    public enum Scope: Sendable {
        /// Up to `batchSize` players per call (`steamids=a,b,…`).
        case playerBatch
        /// One player per call.
        case player
        /// One player and one app per call.
        case playerApp
        /// One app per call.
        case app
        /// One vanity name per call.
        case vanity
    }

    public var scope: Scope {
        switch self {
        case .playerSummaries, .playerBans: .playerBatch
        case .friendList, .ownedGames, .recentlyPlayedGames: .player
        case .playerAchievements: .playerApp
        case .schemaForGame, .globalAchievementPercentages: .app
        case .resolveVanityURL: .vanity
        }
    }

    /// Steam's documented maximum of ids per GetPlayerSummaries/GetPlayerBans call.
    public static let batchSize = 100

    /// `Interface/Method/vN`, relative to the API base.
    public var path: String {
        switch self {
        case .playerSummaries: "ISteamUser/GetPlayerSummaries/v2/"
        case .playerBans: "ISteamUser/GetPlayerBans/v1/"
        case .friendList: "ISteamUser/GetFriendList/v1/"
        case .ownedGames: "IPlayerService/GetOwnedGames/v1/"
        case .recentlyPlayedGames: "IPlayerService/GetRecentlyPlayedGames/v1/"
        case .playerAchievements: "ISteamUserStats/GetPlayerAchievements/v1/"
        case .schemaForGame: "ISteamUserStats/GetSchemaForGame/v2/"
        case .globalAchievementPercentages: "ISteamUserStats/GetGlobalAchievementPercentagesForApp/v2/"
        case .resolveVanityURL: "ISteamUser/ResolveVanityURL/v1/"
        }
    }

    /// How long a stored answer counts as fresh, in seconds: a second run within it makes no call.
    public var freshnessSeconds: Int64 {
        switch self {
        case .playerSummaries: 3_600
        case .playerBans, .recentlyPlayedGames: 6 * 3_600
        case .friendList, .ownedGames, .playerAchievements, .globalAchievementPercentages: 24 * 3_600
        case .schemaForGame, .resolveVanityURL: 7 * 24 * 3_600
        }
    }

    /// Fixed query parameters besides the key and the ids.
    public var fixedQuery: [(String, String)] {
        switch self {
        case .ownedGames: [("include_appinfo", "1"), ("include_played_free_games", "1")]
        case .friendList: [("relationship", "friend")]
        default: []
        }
    }

    /// The per-player methods `fetch` calls for every player (achievements only for the named apps).
    public static let playerEndpoints: [SteamEndpoint] = [.playerSummaries, .playerBans, .friendList, .ownedGames, .recentlyPlayedGames]

    public static func < (lhs: SteamEndpoint, rhs: SteamEndpoint) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
