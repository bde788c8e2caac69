/// Every player's game library as flat columns (compressed sparse rows): player i owns rows
/// `start[i]..<start[i + 1]`, sorted by app id. About 16 bytes a row instead of a `PlayerGame`'s 80.
public struct SyntheticLibraries: Sendable, Hashable {
    /// `players + 1` offsets into the columns.
    public var start: [Int]
    public var appIDs: [UInt32]
    /// Lifetime minutes; 0 for owned-but-unplayed games.
    public var minutes: [Int32]
    /// Two-week minutes; 0 when none.
    public var minutes2Weeks: [Int32]
    /// Unix seconds; 0 when never or unknown.
    public var lastPlayed: [UInt32]

    public init(start: [Int] = [0], appIDs: [UInt32] = [], minutes: [Int32] = [], minutes2Weeks: [Int32] = [],
                lastPlayed: [UInt32] = []) {
        self.start = start
        self.appIDs = appIDs
        self.minutes = minutes
        self.minutes2Weeks = minutes2Weeks
        self.lastPlayed = lastPlayed
    }

    public var rowCount: Int { appIDs.count }

    public func rows(ofPlayer index: Int) -> Range<Int> { start[index]..<start[index + 1] }
}
