/// One row of `preferences`: what a player told Steam Mate (from `preferences.jsonl`).
public struct PlayerPreferences: Sendable, Hashable, Codable {
    public var steamID: SteamID64
    /// Favourite games, in the player's order.
    public var favoriteAppIDs: [UInt32]
    /// Maximum distance to a match in km; `nil` means the pipeline default.
    public var maxDistanceKm: Double?
    /// True when the player accepts matches at any distance, including players with no location.
    public var anywhere: Bool
    /// Lower-case language codes (`en`, `de`), sorted; empty when not stated.
    public var languages: [String]
    /// The IANA time zone the availability windows were stated in.
    public var timeZone: String?
    /// The stated windows as text (`mon 18-23`), for display and provenance.
    public var availabilityText: [String]
    /// The windows converted to UTC hours of the week; `nil` when not stated.
    public var availability: WeeklyHourMask?
    /// Lobbies asked for (at most one per appid, in the player's order).
    public var lobbies: [LobbyRequest]
    public var sources: [String]

    public init(steamID: SteamID64, favoriteAppIDs: [UInt32] = [], maxDistanceKm: Double? = nil, anywhere: Bool = false,
                languages: [String] = [], timeZone: String? = nil, availabilityText: [String] = [],
                availability: WeeklyHourMask? = nil, lobbies: [LobbyRequest] = [], sources: [String] = []) {
        self.steamID = steamID
        self.favoriteAppIDs = favoriteAppIDs
        self.maxDistanceKm = maxDistanceKm
        self.anywhere = anywhere
        self.languages = languages
        self.timeZone = timeZone
        self.availabilityText = availabilityText
        self.availability = availability
        self.lobbies = lobbies
        self.sources = sources
    }
}
