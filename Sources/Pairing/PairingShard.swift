import PlayerModel

/// The part of a sharded pairing run (issue 13) that one shard scores: the located players whose home grid cell
/// (`GeoGrid`, `PairingConfig.gridCellKm`) the plan gave to shard `index`, and the `anywhere` pool's row blocks
/// `index`, `index + count`, … Players with no location are owned by a hash of their steamid (they matter only when
/// the pool is queried member by member).
public struct PairingShard: Sendable, Hashable {
    public let index: Int
    public let count: Int
    /// The owned cells' keys, ascending.
    let cells: [UInt64]

    init(index: Int, count: Int, cells: [UInt64]) {
        self.index = index
        self.count = count
        self.cells = cells.sorted()
    }

    /// The whole population as one shard.
    public static func whole(cellKeys: [UInt64]) -> PairingShard { PairingShard(index: 0, count: 1, cells: cellKeys) }

    func owns(cell key: UInt64) -> Bool {
        var lo = 0, hi = cells.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cells[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < cells.count && cells[lo] == key
    }

    /// The shard owning a player with no location: a stable hash of the steamid (Fibonacci hashing), mod `shards`.
    public static func owner(ofUnlocated id: SteamID64, shards: Int) -> Int {
        guard shards > 1 else { return 0 }
        return Int((id.rawValue &* 0x9E37_79B9_7F4A_7C15) >> 32) % shards
    }
}
