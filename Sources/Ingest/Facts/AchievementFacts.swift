import PlayerModel

/// GetPlayerAchievements. `achievements` is `nil` when the response says `success: false`.
public struct PlayerAchievementFacts: Sendable, Hashable, Codable {
    public var owner: SteamID64?
    public var gameName: String?
    /// `(apiname, achieved)` in document order; `nil` when not available.
    public var achievements: [AchievementState]?
    /// The `error` text of a failed response.
    public var error: String?

    public struct AchievementState: Sendable, Hashable, Codable {
        public var apiName: String
        public var achieved: Bool
        public var unlockTime: Int64?
        public init(apiName: String, achieved: Bool, unlockTime: Int64? = nil) {
            self.apiName = apiName
            self.achieved = achieved
            self.unlockTime = unlockTime
        }
    }

    public init(owner: SteamID64? = nil, gameName: String? = nil, achievements: [AchievementState]?, error: String? = nil) {
        self.owner = owner
        self.gameName = gameName
        self.achievements = achievements
        self.error = error
    }
}

/// GetSchemaForGame.
public struct GameSchemaFacts: Sendable, Hashable {
    public var gameName: String?
    public var gameVersion: String?
    public var achievementNames: [String]
    public var statNames: [String]

    public init(gameName: String? = nil, gameVersion: String? = nil, achievementNames: [String] = [], statNames: [String] = []) {
        self.gameName = gameName
        self.gameVersion = gameVersion
        self.achievementNames = achievementNames
        self.statNames = statNames
    }
}

/// GetGlobalAchievementPercentagesForApp.
public struct GlobalAchievementFacts: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var name: String
        public var percent: Double
        public init(name: String, percent: Double) {
            self.name = name
            self.percent = percent
        }
    }

    public var entries: [Entry]
    public init(entries: [Entry]) { self.entries = entries }
}

/// ResolveVanityURL.
public struct VanityResolutionFacts: Sendable, Hashable {
    public var success: Int
    /// The resolved id as text (validated by normalize: edited samples carry invalid ids).
    public var steamIDText: String?
    public var message: String?

    public init(success: Int, steamIDText: String? = nil, message: String? = nil) {
        self.success = success
        self.steamIDText = steamIDText
        self.message = message
    }
}
