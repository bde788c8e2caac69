/// Game libraries as flat columns (compressed sparse rows), for populations too large for `PlayerGame` rows:
/// the rows of player `i` of an accompanying `[Player]` are `start[i]..<start[i + 1]`. A row here means the
/// same as the `PlayerGame` row `(players[i].steamID, appIDs[r], names[appIDs[r]], minutesTotal[r],
/// minutes2Weeks[r] > 0 ? minutes2Weeks[r] : nil)`; about 12 bytes a row instead of 80.
public struct GameLibraryColumns: Sendable, Hashable {
    /// `players + 1` offsets into the columns.
    public var start: [Int]
    public var appIDs: [UInt32]
    /// Lifetime minutes; 0 for owned-but-unplayed games.
    public var minutesTotal: [Int32]
    /// Two-week minutes; 0 (or less) when none.
    public var minutes2Weeks: [Int32]
    /// Display names by app id (entries for apps without rows are ignored).
    public var names: [UInt32: String]

    public init(start: [Int] = [0], appIDs: [UInt32] = [], minutesTotal: [Int32] = [], minutes2Weeks: [Int32] = [],
                names: [UInt32: String] = [:]) {
        self.start = start
        self.appIDs = appIDs
        self.minutesTotal = minutesTotal
        self.minutes2Weeks = minutes2Weeks
        self.names = names
    }

    public var playerCount: Int { start.count - 1 }
    public var rowCount: Int { appIDs.count }

    public func rows(ofPlayer index: Int) -> Range<Int> { start[index]..<start[index + 1] }

    /// Offers `name` as the display name of `app`: kept when it is the app's first non-empty name or sorts before the
    /// kept one (the smallest non-empty name over every row, whichever order the rows come in).
    public static func offerName(_ name: String, app: UInt32, to names: inout [UInt32: String]) {
        guard !name.isEmpty else { return }
        if let old = names[app] { if name < old { names[app] = name } } else { names[app] = name }
    }
}

extension GameLibraryColumns {
    /// The columns of canonical `games` rows (sorted by steamid, then appid) for `players` (sorted by steamid, no id
    /// twice): each player's rows in their order, rows of steamids without a player left out, and per app the
    /// smallest non-empty name over every row (what `PreparedPopulation(dataset:)` takes). Nil when the players or
    /// rows are not in that order, or a playtime is beyond what the columns hold (over 2³¹ − 1 minutes).
    public init?(players: [Player], games: [PlayerGame]) {
        var start = [0]
        start.reserveCapacity(players.count + 1)
        var appIDs: [UInt32] = [], total: [Int32] = [], twoWeeks: [Int32] = []
        appIDs.reserveCapacity(games.count)
        total.reserveCapacity(games.count)
        twoWeeks.reserveCapacity(games.count)
        var names: [UInt32: String] = [:]
        for i in players.indices.dropFirst() where players[i - 1].steamID >= players[i].steamID { return nil }
        var p = 0
        var previous: SteamID64?
        for g in games {
            if let previous, g.steamID < previous { return nil }
            previous = g.steamID
            if let name = g.name { Self.offerName(name, app: g.appID, to: &names) }
            while p < players.count, players[p].steamID < g.steamID {
                start.append(appIDs.count)
                p += 1
            }
            guard p < players.count, players[p].steamID == g.steamID else { continue }
            let recent = g.minutes2Weeks ?? 0
            guard let minutes = Int32(exactly: g.minutesTotal), let recentMinutes = Int32(exactly: recent) else { return nil }
            appIDs.append(g.appID)
            total.append(minutes)
            twoWeeks.append(recentMinutes)
        }
        while p < players.count {
            start.append(appIDs.count)
            p += 1
        }
        self.init(start: start, appIDs: appIDs, minutesTotal: total, minutes2Weeks: twoWeeks, names: names)
    }
}
