import PlayerModel

/// One line of the app's `preferences.jsonl` export (schema in the README).
public struct PreferencesFacts: Sendable, Hashable, Codable {
    public var steamID: SteamID64
    public var favoriteAppIDs: [UInt32]
    public var maxDistanceKm: Double?
    public var anywhere: Bool
    public var languages: [String]
    public var timeZone: String?
    /// Windows in the player's time zone: day 0 = Monday … 6 = Sunday, hours [start, end) in 0…24.
    public var windows: [AvailabilityWindow]
    /// Lobby requests, validated (one per appid, in the line's order).
    public var lobbies: [LobbyRequest] = []
    public var updatedAt: String?

    public struct AvailabilityWindow: Sendable, Hashable, Codable {
        public var day: Int
        public var startHour: Int
        public var endHour: Int
        public init(day: Int, startHour: Int, endHour: Int) {
            self.day = day
            self.startHour = startHour
            self.endHour = endHour
        }
    }

    public init(steamID: SteamID64, favoriteAppIDs: [UInt32] = [], maxDistanceKm: Double? = nil, anywhere: Bool = false,
                languages: [String] = [], timeZone: String? = nil, windows: [AvailabilityWindow] = [], updatedAt: String? = nil) {
        self.steamID = steamID
        self.favoriteAppIDs = favoriteAppIDs
        self.maxDistanceKm = maxDistanceKm
        self.anywhere = anywhere
        self.languages = languages
        self.timeZone = timeZone
        self.windows = windows
        self.updatedAt = updatedAt
    }
}
