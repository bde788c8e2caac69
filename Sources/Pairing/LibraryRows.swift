import PlayerModel

/// Game rows grouped by dense player index, as `PreparedPopulation` reads them: the rows of player `i` are
/// the positions `rows(of: i)`, in any order (rows of the same app are merged). Two sources feed it, so the
/// dataset path and the columnar path share one construction.
protocol LibraryRows {
    func rows(of player: Int) -> Range<Int>
    func appID(_ row: Int) -> UInt32
    func minutesTotal(_ row: Int) -> Int
    /// 0 when the row has none.
    func minutes2Weeks(_ row: Int) -> Int
}

/// `PlayerDataset.games` reached through a permutation that groups them by player.
struct DatasetLibraryRows: LibraryRows {
    let games: [PlayerGame]
    /// Position → index into `games`.
    let order: [UInt32]
    let start: [Int]

    func rows(of player: Int) -> Range<Int> { start[player]..<start[player + 1] }
    @inline(__always) func appID(_ row: Int) -> UInt32 { games[Int(order[row])].appID }
    @inline(__always) func minutesTotal(_ row: Int) -> Int { games[Int(order[row])].minutesTotal }
    @inline(__always) func minutes2Weeks(_ row: Int) -> Int { games[Int(order[row])].minutes2Weeks ?? 0 }
}

/// `GameLibraryColumns` read in place (`order == nil`, when the players were already sorted and unique) or
/// through a permutation that regroups them by dense player.
struct ColumnLibraryRows: LibraryRows {
    let columns: GameLibraryColumns
    let order: [UInt32]?
    let start: [Int]

    func rows(of player: Int) -> Range<Int> { start[player]..<start[player + 1] }
    @inline(__always) func row(_ position: Int) -> Int { order.map { Int($0[position]) } ?? position }
    @inline(__always) func appID(_ row: Int) -> UInt32 { columns.appIDs[self.row(row)] }
    @inline(__always) func minutesTotal(_ row: Int) -> Int { Int(columns.minutesTotal[self.row(row)]) }
    @inline(__always) func minutes2Weeks(_ row: Int) -> Int { Int(columns.minutes2Weeks[self.row(row)]) }
}
