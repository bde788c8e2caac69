/// One row of `player_games`: a game in a player's library.
public struct PlayerGame: Sendable, Hashable, Codable {
    public var steamID: SteamID64
    public var appID: UInt32
    public var name: String?
    /// Lifetime playtime in minutes; 0 when the source lists the game without playtime.
    public var minutesTotal: Int
    /// Playtime in the last two weeks; `nil` when no source said.
    public var minutes2Weeks: Int?
    /// Unix seconds; `nil` when unknown (`rtime_last_played` 0 or absent).
    public var lastPlayed: Int64?
    public var sources: [String]

    /// Playtimes (total and two-week, in minutes) accepted from any input: 0 … 10¹¹ (above the XML hours
    /// parser's own 10⁹-hour bound). Sums over any library cannot overflow `Int`; anything outside is a diagnostic.
    public static let minutesRange: ClosedRange<Int> = 0...100_000_000_000

    public init(steamID: SteamID64, appID: UInt32, name: String? = nil, minutesTotal: Int, minutes2Weeks: Int? = nil,
                lastPlayed: Int64? = nil, sources: [String] = []) {
        self.steamID = steamID
        self.appID = appID
        self.name = name
        self.minutesTotal = minutesTotal
        self.minutes2Weeks = minutes2Weeks
        self.lastPlayed = lastPlayed
        self.sources = sources
    }
}
