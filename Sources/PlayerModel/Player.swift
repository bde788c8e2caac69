/// One row of the canonical `players` table. `nil` always means "not known", never zero or false.
public struct Player: Sendable, Hashable, Codable {
    public var steamID: SteamID64
    public var personaName: String?
    public var profileURL: String?
    public var customURL: String?
    public var realName: String?
    public var visibility: Visibility
    public var country: String?
    public var state: String?
    public var cityID: Int?
    /// The XML `location` display string ("City, State, Country").
    public var locationText: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Radius in km within which the true position lies (city ≈ 10, state/country wider).
    public var locationAccuracyKm: Double?
    /// `YYYY-MM-DD` from the XML `memberSince`.
    public var memberSince: String?
    /// Unix seconds.
    public var timeCreated: Int64?
    public var lastLogoff: Int64?
    public var primaryGroupID: GroupID64?
    public var vacBanned: Bool?
    public var vacBanCount: Int?
    public var gameBans: Int?
    public var communityBanned: Bool?
    public var economyBan: String?
    public var daysSinceLastBan: Int?
    public var tradeBanState: String?
    /// True when a complete, visible game library was seen.
    public var gamesKnown: Bool
    /// True when a visible friend list was seen.
    public var friendsKnown: Bool
    /// Dataset-relative source files (`file` or `file:line`), sorted and unique.
    public var sources: [String]

    public init(steamID: SteamID64, visibility: Visibility = .unknown) {
        self.steamID = steamID
        self.visibility = visibility
        self.gamesKnown = false
        self.friendsKnown = false
        self.sources = []
    }
}
