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
        Self.sortUnlessSorted(&players, by: Self.playerOrder)
        Self.sortUnlessSorted(&games, by: Self.gameOrder)
        Self.sortUnlessSorted(&friendships, by: Self.friendshipOrder)
        Self.sortUnlessSorted(&groups, by: Self.groupOrder)
        Self.sortUnlessSorted(&groupMembers, by: Self.groupMemberOrder)
        Self.sortUnlessSorted(&achievements, by: Self.achievementOrder)
        Self.sortUnlessSorted(&preferences, by: Self.preferenceOrder)
    }

    /// A stable sort leaves rows already in order as they are, so those (a canonical dataset read back) are only
    /// checked, in place: sorting them still copied every row (a `Player` retains its strings) to compare it.
    @inline(__always)
    static func sortUnlessSorted<Row>(_ rows: inout [Row], by order: (Row, Row) -> Bool) {
        let sorted = rows.withUnsafeBufferPointer { b in
            var i = 1
            while i < b.count {
                if order(b[i], b[i - 1]) { return false }
                i += 1
            }
            return true
        }
        if !sorted { rows.sort(by: order) }
    }

    /// The concatenation of `pieces` (each sorted canonically) in canonical order: the same tables as
    /// concatenating them in order and calling `sortCanonically()` (a stable sort), built without the
    /// half-size row buffer a sort needs for its merges (~90 MB at 100,000 players). Each piece's rows are moved,
    /// not copied (`appendMoving`), and the piece is released as soon as they are; the runs are then merged by
    /// position (on `threads` threads, the same order for any number) and the rows moved into that order in place
    /// (`moveIntoMergedOrder`: a few blocks of rows beside the table, not a second copy of it).
    public static func mergingSortedPieces(_ pieces: inout [PlayerDataset?], threads: Int = 1) -> PlayerDataset {
        var dataset = PlayerDataset()
        func total(_ count: (PlayerDataset) -> Int) -> Int { pieces.reduce(0) { $0 + ($1.map(count) ?? 0) } }
        dataset.players.reserveCapacity(total { $0.players.count })
        dataset.games.reserveCapacity(total { $0.games.count })
        dataset.friendships.reserveCapacity(total { $0.friendships.count })
        dataset.groups.reserveCapacity(total { $0.groups.count })
        dataset.groupMembers.reserveCapacity(total { $0.groupMembers.count })
        dataset.achievements.reserveCapacity(total { $0.achievements.count })
        dataset.preferences.reserveCapacity(total { $0.preferences.count })
        var runs = Array(repeating: [Int](), count: 7)
        // Placeholders left behind by the moves (`appendMoving`): no strings, empty arrays.
        let none = SteamID64(rawValue: SteamID64.validRange.lowerBound)!
        let group = GroupID64(rawValue: GroupID64.validRange.lowerBound)!
        let noPlayer = Player(steamID: none), noGame = PlayerGame(steamID: none, appID: 0, minutesTotal: 0)
        let noFriendship = Friendship(none, none)
        for index in pieces.indices {
            guard var piece = pieces[index] else { continue }
            pieces[index] = nil
            dataset.players.appendMoving(&piece.players, leaving: noPlayer)
            runs[0].append(dataset.players.count)
            dataset.games.appendMoving(&piece.games, leaving: noGame)
            runs[1].append(dataset.games.count)
            dataset.friendships.appendMoving(&piece.friendships, leaving: noFriendship)
            runs[2].append(dataset.friendships.count)
            dataset.groups.appendMoving(&piece.groups, leaving: Group(groupID: group))
            runs[3].append(dataset.groups.count)
            dataset.groupMembers.appendMoving(&piece.groupMembers, leaving: GroupMembership(groupID: group, steamID: none))
            runs[4].append(dataset.groupMembers.count)
            dataset.achievements.appendMoving(&piece.achievements, leaving: AchievementProgress(
                steamID: none, appID: nil, gameName: nil, achieved: 0, total: 0))
            runs[5].append(dataset.achievements.count)
            dataset.preferences.appendMoving(&piece.preferences, leaving: PlayerPreferences(steamID: none))
            runs[6].append(dataset.preferences.count)
        }
        dataset.players.mergeSortedRuns(ends: runs[0], key: playerKey, by: { $0 < $1 }, parts: threads)
        dataset.games.mergeSortedRuns(ends: runs[1], key: gameKey, by: { $0 < $1 }, parts: threads)
        dataset.friendships.mergeSortedRuns(ends: runs[2], key: friendshipKey, by: { $0 < $1 }, parts: threads)
        dataset.groups.mergeSortedRuns(ends: runs[3], key: groupKey, by: { $0 < $1 }, parts: threads)
        dataset.groupMembers.mergeSortedRuns(ends: runs[4], key: groupMemberKey, by: { $0 < $1 }, parts: threads)
        dataset.achievements.mergeSortedRuns(ends: runs[5], key: achievementKey, by: { $0 < $1 }, parts: threads)
        dataset.preferences.mergeSortedRuns(ends: runs[6], key: preferenceKey, by: { $0 < $1 }, parts: threads)
        return dataset
    }

    // Each table's canonical key, the one definition `sortCanonically` and `mergingSortedPieces` both order by.
    static func playerKey(_ p: Player) -> SteamID64 { p.steamID }
    static func gameKey(_ g: PlayerGame) -> (SteamID64, UInt32) { (g.steamID, g.appID) }
    static func friendshipKey(_ f: Friendship) -> (SteamID64, SteamID64) { (f.a, f.b) }
    static func groupKey(_ g: Group) -> GroupID64 { g.groupID }
    static func groupMemberKey(_ m: GroupMembership) -> (GroupID64, SteamID64) { (m.groupID, m.steamID) }
    static func achievementKey(_ a: AchievementProgress) -> (SteamID64, UInt32, String) { (a.steamID, a.appID ?? 0, a.gameName ?? "") }
    static func preferenceKey(_ p: PlayerPreferences) -> SteamID64 { p.steamID }

    static func playerOrder(_ a: Player, _ b: Player) -> Bool { playerKey(a) < playerKey(b) }
    static func gameOrder(_ a: PlayerGame, _ b: PlayerGame) -> Bool { gameKey(a) < gameKey(b) }
    static func friendshipOrder(_ x: Friendship, _ y: Friendship) -> Bool { friendshipKey(x) < friendshipKey(y) }
    static func groupOrder(_ a: Group, _ b: Group) -> Bool { groupKey(a) < groupKey(b) }
    static func groupMemberOrder(_ a: GroupMembership, _ b: GroupMembership) -> Bool { groupMemberKey(a) < groupMemberKey(b) }
    static func achievementOrder(_ a: AchievementProgress, _ b: AchievementProgress) -> Bool { achievementKey(a) < achievementKey(b) }
    static func preferenceOrder(_ a: PlayerPreferences, _ b: PlayerPreferences) -> Bool { preferenceKey(a) < preferenceKey(b) }
}
