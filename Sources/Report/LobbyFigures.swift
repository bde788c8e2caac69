/// The lobbies section, from `lobby_summary.json`.
public struct LobbyFigures: Sendable, Equatable {
    public var playersAsking = 0
    public var playersPlaced = 0
    public var requests = 0
    public var requestsPlaced = 0
    public var lobbies = 0
    /// Lobbies by size, ascending.
    public var sizes: [NamedCount] = []
    public var unplacedByReason: [NamedCount] = []

    public init() {}
}
