/// One row of `player_games`: a game in a player's library.
///
/// Stored compactly (64 bytes a row instead of 80; a library has millions of rows): the two optional integers
/// are held as plain words plus one presence byte, behind the same public properties. A row's `name` and
/// `sources` are ordinary values, so rows built by normalize share one string and one array per app and per
/// document (`PlayerGameTests` checks the layout and that every field round-trips).
public struct PlayerGame: Sendable, Hashable {
    public var steamID: SteamID64
    public var appID: UInt32
    /// Which of the optional words hold a value (`Presence`); an absent one holds 0, so the synthesized
    /// equality and hash compare what the public properties show.
    @usableFromInline var presence: Presence
    public var name: String?
    /// Lifetime playtime in minutes; 0 when the source lists the game without playtime.
    public var minutesTotal: Int
    @usableFromInline var storedMinutes2Weeks: Int
    @usableFromInline var storedLastPlayed: Int64
    public var sources: [String]

    @usableFromInline struct Presence: OptionSet, Hashable, Sendable {
        @usableFromInline let rawValue: UInt8
        @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }
        @usableFromInline static let minutes2Weeks = Presence(rawValue: 1)
        @usableFromInline static let lastPlayed = Presence(rawValue: 2)
    }

    /// Playtime in the last two weeks; `nil` when no source said. (Inlinable, like `lastPlayed`, so a
    /// renderer reading rows in place does not copy the whole row, strings included, to call the getter.)
    @inlinable public var minutes2Weeks: Int? {
        get { presence.contains(.minutes2Weeks) ? storedMinutes2Weeks : nil }
        set {
            storedMinutes2Weeks = newValue ?? 0
            if newValue == nil { presence.remove(.minutes2Weeks) } else { presence.insert(.minutes2Weeks) }
        }
    }

    /// Unix seconds; `nil` when unknown (`rtime_last_played` 0 or absent).
    @inlinable public var lastPlayed: Int64? {
        get { presence.contains(.lastPlayed) ? storedLastPlayed : nil }
        set {
            storedLastPlayed = newValue ?? 0
            if newValue == nil { presence.remove(.lastPlayed) } else { presence.insert(.lastPlayed) }
        }
    }

    /// Playtimes (total and two-week, in minutes) accepted from any input: 0 … 10¹¹ (above the XML hours
    /// parser's own 10⁹-hour bound). Sums over any library cannot overflow `Int`; anything outside is a diagnostic.
    public static let minutesRange: ClosedRange<Int> = 0...100_000_000_000

    public init(steamID: SteamID64, appID: UInt32, name: String? = nil, minutesTotal: Int, minutes2Weeks: Int? = nil,
                lastPlayed: Int64? = nil, sources: [String] = []) {
        self.steamID = steamID
        self.appID = appID
        self.presence = []
        self.name = name
        self.minutesTotal = minutesTotal
        self.storedMinutes2Weeks = 0
        self.storedLastPlayed = 0
        self.sources = sources
        self.minutes2Weeks = minutes2Weeks
        self.lastPlayed = lastPlayed
    }
}

/// The same keyed form the plain struct had (optional fields omitted when `nil`).
extension PlayerGame: Codable {
    private enum CodingKeys: String, CodingKey {
        case steamID, appID, name, minutesTotal, minutes2Weeks, lastPlayed, sources
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(steamID: try c.decode(SteamID64.self, forKey: .steamID), appID: try c.decode(UInt32.self, forKey: .appID),
                  name: try c.decodeIfPresent(String.self, forKey: .name), minutesTotal: try c.decode(Int.self, forKey: .minutesTotal),
                  minutes2Weeks: try c.decodeIfPresent(Int.self, forKey: .minutes2Weeks),
                  lastPlayed: try c.decodeIfPresent(Int64.self, forKey: .lastPlayed),
                  sources: try c.decode([String].self, forKey: .sources))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(steamID, forKey: .steamID)
        try c.encode(appID, forKey: .appID)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encode(minutesTotal, forKey: .minutesTotal)
        try c.encodeIfPresent(minutes2Weeks, forKey: .minutes2Weeks)
        try c.encodeIfPresent(lastPlayed, forKey: .lastPlayed)
        try c.encode(sources, forKey: .sources)
    }
}
