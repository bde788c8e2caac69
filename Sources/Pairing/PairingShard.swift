import PlayerModel

/// The part of a sharded pairing run (issue 13) that one shard scores: the located players whose home grid cell
/// (`GeoGrid`, `PairingConfig.gridCellKm`), or whose slice of a cut cell, the plan gave to shard `index`, and the `anywhere` pool's row blocks
/// `index`, `index + count`, … Players with no location are owned by a hash of their steamid (they matter only when
/// the pool is queried member by member).
public struct PairingShard: Sendable, Hashable {
    public let index: Int
    public let count: Int
    /// A cell the shard scores all or some slices of.
    struct OwnedCell: Sendable, Hashable {
        var key: UInt64
        /// Per slice of the cell: owned by this shard.
        var slices: [Bool]
    }
    /// Ascending by key.
    let cells: [OwnedCell]

    init(index: Int, count: Int, cells: [OwnedCell]) {
        self.index = index
        self.count = count
        self.cells = cells.sorted { $0.key < $1.key }
    }

    /// Whether the shard scores the player ranked `rank` (steamid order) among the `players` of cell `key`.
    func owns(cell key: UInt64, rank: Int, players: Int) -> Bool {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cells[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        guard lo < cells.count && cells[lo].key == key else { return false }
        let slices = cells[lo].slices
        return slices[PairingShardPlan.slice(rank: rank, players: players, slices: slices.count)]
    }

    /// The shard owning a player with no location: a stable hash of the steamid (Fibonacci hashing), mod `shards`.
    public static func owner(ofUnlocated id: SteamID64, shards: Int) -> Int {
        guard shards > 1 else { return 0 }
        return Int((id.rawValue &* 0x9E37_79B9_7F4A_7C15) >> 32) % shards
    }
}
