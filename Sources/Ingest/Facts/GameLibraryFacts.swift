import PlayerModel

/// A list of a player's games.
public struct GameLibraryFacts: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// GetOwnedGames: the complete library, minutes.
        case ownedGames
        /// Games XML: the complete library, hours with 0.1 h resolution.
        case gamesXML
        /// GetRecentlyPlayedGames: a partial list of recently played games.
        case recentlyPlayed
    }

    public var kind: Kind
    /// The owner when the document carries it (games XML); otherwise it comes from the origin.
    public var owner: SteamID64?
    /// `nil` when the library is private or unknown (`{"response":{}}`): never "no games".
    public var games: [GameFacts]?
    /// `game_count` or `total_count` as stated (may exceed `games.count` for recently played).
    public var reportedCount: Int?

    public init(kind: Kind, owner: SteamID64? = nil, games: [GameFacts]?, reportedCount: Int? = nil) {
        self.kind = kind
        self.owner = owner
        self.games = games
        self.reportedCount = reportedCount
    }

    /// True when minutes are exact (JSON) rather than converted from 0.1 h XML hours.
    public var hasExactMinutes: Bool { kind != .gamesXML }
}
