/// The canonical player dataset: the output of normalize and the input of pairing and trades.
/// Every array is sorted by its key (see `sortCanonically()`), so emitting it is deterministic.
public struct PlayerDataset: Sendable, Hashable, Codable {
    public var players: [Player]
    public var games: [PlayerGame]
    public var friendships: [Friendship]
    public var groups: [Group]
    public var groupMembers: [GroupMembership]
    public var achievements: [AchievementProgress]
    public var preferences: [PlayerPreferences]

    public init(players: [Player] = [], games: [PlayerGame] = [], friendships: [Friendship] = [], groups: [Group] = [],
                groupMembers: [GroupMembership] = [], achievements: [AchievementProgress] = [],
                preferences: [PlayerPreferences] = []) {
        self.players = players
        self.games = games
        self.friendships = friendships
        self.groups = groups
        self.groupMembers = groupMembers
        self.achievements = achievements
        self.preferences = preferences
    }

    /// Sorts every table by its key with a total tie-break.
    public mutating func sortCanonically() {
        players.sort { $0.steamID < $1.steamID }
        games.sort { ($0.steamID, $0.appID) < ($1.steamID, $1.appID) }
        friendships.sort { ($0.a, $0.b) < ($1.a, $1.b) }
        groups.sort { $0.groupID < $1.groupID }
        groupMembers.sort { ($0.groupID, $0.steamID) < ($1.groupID, $1.steamID) }
        achievements.sort {
            ($0.steamID, $0.appID ?? 0, $0.gameName ?? "") < ($1.steamID, $1.appID ?? 0, $1.gameName ?? "")
        }
        preferences.sort { $0.steamID < $1.steamID }
    }
}
