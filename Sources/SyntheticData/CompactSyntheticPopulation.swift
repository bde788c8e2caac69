import Dispatch
import PlayerModel

/// A synthetic population with libraries kept as flat columns: the form to use at a million players,
/// where a `PlayerDataset`'s 80-byte `PlayerGame` rows alone would take over 2 GB.
public struct CompactSyntheticPopulation: Sendable {
    /// Sorted by steamid (the generator's index order).
    public var players: [Player]
    public var libraries: SyntheticLibraries
    /// Sorted by (a, b).
    public var friendships: [Friendship]
    /// Sorted by steamid; one per app user.
    public var preferences: [PlayerPreferences]
    public let catalogue: SyntheticCatalogue

    /// The libraries as neutral columns (the arrays are shared, not copied), named from the catalogue: rows mean
    /// exactly what `playerDataset()`'s `PlayerGame` rows mean.
    public var libraryColumns: GameLibraryColumns {
        var names: [UInt32: String] = [:]
        for entry in catalogue.entries where names[entry.appID] == nil { names[entry.appID] = entry.name }
        return GameLibraryColumns(start: libraries.start, appIDs: libraries.appIDs, minutesTotal: libraries.minutes,
                                  minutes2Weeks: libraries.minutes2Weeks, names: names)
    }

    /// Expands to the canonical dataset (rows named from the catalogue), in parallel but deterministically.
    public func playerDataset() -> PlayerDataset {
        let rows = libraries.rowCount
        let names = catalogue.nameByAppID
        let players = self.players, libraries = self.libraries
        let games = [PlayerGame](unsafeUninitializedCapacity: rows) { buffer, initialized in
            let slots = UnsafeSlots(base: buffer.baseAddress)
            let chunkSize = SyntheticPopulation.chunkSize
            let chunkCount = (players.count + chunkSize - 1) / chunkSize
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                for p in (chunk * chunkSize)..<min(players.count, (chunk + 1) * chunkSize) {
                    let owner = players[p].steamID
                    for r in libraries.rows(ofPlayer: p) {
                        let recent = libraries.minutes2Weeks[r], last = libraries.lastPlayed[r]
                        (slots.base! + r).initialize(to: PlayerGame(
                            steamID: owner, appID: libraries.appIDs[r], name: names(libraries.appIDs[r]),
                            minutesTotal: Int(libraries.minutes[r]), minutes2Weeks: recent > 0 ? Int(recent) : nil,
                            lastPlayed: last > 0 ? Int64(last) : nil))
                    }
                }
            }
            initialized = rows
        }
        return PlayerDataset(players: players, games: games, friendships: friendships, preferences: preferences)
    }
}
