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
}
