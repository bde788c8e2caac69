/// One row of `achievements`: a player's progress in one game.
public struct AchievementProgress: Sendable, Hashable, Codable {
    public var steamID: SteamID64
    /// `nil` when no source gave the app id (the player-achievements response names only the game).
    public var appID: UInt32?
    public var gameName: String?
    public var achieved: Int
    public var total: Int
    /// Mean global unlock percentage of the achievements this player has, where global figures are known.
    public var achievedGlobalPercentMean: Double?
    public var sources: [String]

    public init(steamID: SteamID64, appID: UInt32?, gameName: String?, achieved: Int, total: Int,
                achievedGlobalPercentMean: Double? = nil, sources: [String] = []) {
        self.steamID = steamID
        self.appID = appID
        self.gameName = gameName
        self.achieved = achieved
        self.total = total
        self.achievedGlobalPercentMean = achievedGlobalPercentMean
        self.sources = sources
    }
}
