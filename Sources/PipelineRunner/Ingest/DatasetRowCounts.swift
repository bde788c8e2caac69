import PlayerModel

/// How many rows each dataset table has (the run summary's figures), known without holding the rows.
public struct DatasetRowCounts: Sendable, Hashable {
    public var players = 0
    public var games = 0
    public var friendships = 0
    public var groups = 0

    public init() {}

    public init(_ dataset: PlayerDataset) {
        players = dataset.players.count
        games = dataset.games.count
        friendships = dataset.friendships.count
        groups = dataset.groups.count
    }
}
