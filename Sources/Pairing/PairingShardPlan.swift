import Foundation
import PlayerModel

/// How a sharded pairing run (issue 13) splits the population: every occupied grid cell goes to one shard, chosen by
/// estimated work so shards cost about the same, and the two population-wide inputs of a score (IDF statistics and
/// the `anywhere` search radius) are frozen here so a shard that sees only its players and halo scores exactly as
/// the whole run would.
///
/// Work of a cell: Σ over its players with a game vector of the players located in the cells within that player's
/// search radius (players × neighbours, what scoring costs), not the player count. Cells are dealt largest first
/// to the least loaded shard (ties: lower shard), so a dense city is one shard's, and many small cells fill the rest.
/// A shard needs its own cells' players, the players in every cell within reach of one of its cells (its halo), and
/// the whole `anywhere` pool; `needs(_:)` lists who goes where.
public struct PairingShardPlan: Sendable, Hashable {
    public static let formatVersion = 1

    public struct Cell: Sendable, Hashable {
        /// `GeoGrid` key: row << 32 | column.
        public var key: UInt64
        public var shard: Int
        /// Located players with a game vector in the cell.
        public var players: Int
        /// Estimated work (see the type's comment).
        public var work: Int
        /// The largest search radius of its players (km; negative: nobody searches).
        public var reachKm: Double
    }

    public var shards: Int
    /// The pairing settings the plan was made with (`settingsText`); shards and their union must use the same.
    public var settings: String
    public var gridCellKm: Double
    public var statistics: GameStatistics
    public var maxFiniteCapKm: Double
    /// `anywhere` players with a game vector (every shard holds them all).
    public var poolPlayers: Int
    /// Ascending by key.
    public var cells: [Cell]

    /// Each shard's summed work.
    public var shardWork: [Int] {
        var work = [Int](repeating: 0, count: shards)
        for c in cells { work[c.shard] += c.work }
        return work
    }

    public func shard(_ index: Int) -> PairingShard {
        PairingShard(index: index, count: shards, cells: cells.filter { $0.shard == index }.map(\.key))
    }

    /// The settings that change a list, as one line (compared, not parsed).
    public static func settingsText(_ c: PairingConfig) -> String {
        func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        return [
            "k=\(c.k)", "kept=\(c.candidatesPerPlayer)", "exposure_cap=\(c.exposureCapFactor.map(number) ?? "none")",
            "default_max_distance_km=\(number(c.defaultMaxDistanceKm))", "default_anywhere=\(c.defaultAnywhere)",
            "default_accuracy_km=\(number(c.defaultAccuracyKm))", "min_shared_games=\(c.minSharedGames)",
            "require_shared_language=\(c.requireSharedLanguage)", "grid_cell_km=\(number(c.gridCellKm))",
            "game_weighting=\(c.gameWeighting.rawValue)", "norm_exponent=\(number(c.normExponent))",
        ].joined(separator: " ")
    }

    /// Plans `shards` shards over the whole population `p`.
    public static func make(_ p: PreparedPopulation, shards: Int) -> PairingShardPlan {
        precondition(shards >= 1, "at least one shard")
        let grid = GeoGrid(cellKm: p.config.gridCellKm)
        let (keys, start, members) = BulkPairer.cells(p, grid: grid)
        var cells: [Cell] = []
        for c in keys.indices {
            var radii: [Double: Int] = [:]
            for m in members[start[c]..<start[c + 1]] { radii[p.searchRadiusKm(Int(m)), default: 0] += 1 }
            var work = 0
            for (radius, count) in radii where radius >= 0 {
                work += count * neighbours(of: keys[c], radiusKm: radius, grid: grid, keys: keys, start: start)
            }
            cells.append(Cell(key: keys[c], shard: 0, players: start[c + 1] - start[c], work: work,
                              reachKm: radii.keys.max() ?? -1))
        }
        var load = [Int](repeating: 0, count: shards)
        for c in cells.indices.sorted(by: { cells[$0].work != cells[$1].work ? cells[$0].work > cells[$1].work : $0 < $1 }) {
            var best = 0
            for s in 1..<shards where load[s] < load[best] { best = s }
            cells[c].shard = best
            load[best] += cells[c].work
        }
        return PairingShardPlan(shards: shards, settings: settingsText(p.config), gridCellKm: p.config.gridCellKm,
                                statistics: p.statistics, maxFiniteCapKm: p.maxFiniteCapKm,
                                poolPlayers: (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }.count, cells: cells)
    }

    /// Players located in the cells within `radiusKm` of cell `key` (keys ascending, `start` their runs).
    static func neighbours(of key: UInt64, radiusKm: Double, grid: GeoGrid, keys: [UInt64], start: [Int]) -> Int {
        var total = 0
        for (row, cols) in grid.neighbourRanges(of: key, radiusKm: radiusKm) {
            let lo = BulkPairer.lowerBound(keys, UInt64(row) << 32 | UInt64(cols.lowerBound))
            let hi = BulkPairer.lowerBound(keys, UInt64(row) << 32 | (UInt64(cols.upperBound) + 1))
            total += start[hi] - start[lo]
        }
        return total
    }

    /// Per cell (index into `cells`): the shards that need its players, its owner and the owner of every cell
    /// that reaches it (with repeats).
    func neededBy() -> [[Int]] {
        let grid = GeoGrid(cellKm: gridCellKm)
        let keys = cells.map(\.key)
        var needers = [[Int]](repeating: [], count: cells.count)
        for (c, cell) in cells.enumerated() {
            needers[c].append(cell.shard)
            guard cell.reachKm >= 0 else { continue }
            for (row, cols) in grid.neighbourRanges(of: cell.key, radiusKm: cell.reachKm) {
                let lo = BulkPairer.lowerBound(keys, UInt64(row) << 32 | UInt64(cols.lowerBound))
                let hi = BulkPairer.lowerBound(keys, UInt64(row) << 32 | (UInt64(cols.upperBound) + 1))
                for other in lo..<hi { needers[other].append(cell.shard) }
            }
        }
        return needers
    }

    /// What shard `shard`'s population `p` lacks: for each cell the shard owns or reaches, the planned number of
    /// players with a vector located there, and the whole pool. Empty when complete (extra players do no harm).
    public func missingInput(_ p: PreparedPopulation, shard: Int) -> [String] {
        let grid = GeoGrid(cellKm: gridCellKm)
        let keys = cells.map(\.key)
        var found = [Int](repeating: 0, count: cells.count)
        var pool = 0
        for u in 0..<p.count where p.hasVector(u) {
            if p.anywhere[u] { pool += 1 }
            guard p.located[u] else { continue }
            let key = grid.key(latitude: p.latitude[u], longitude: p.longitude[u])
            let c = BulkPairer.lowerBound(keys, key)
            if c < keys.count && keys[c] == key { found[c] += 1 }
        }
        var problems: [String] = []
        for (c, needers) in neededBy().enumerated() where needers.contains(shard) && found[c] < cells[c].players {
            problems.append("cell \(cells[c].key >> 32)/\(cells[c].key & 0xFFFF_FFFF) has \(found[c]) of its \(cells[c].players) players")
        }
        if pool < poolPlayers { problems.append("the anywhere pool has \(pool) of its \(poolPlayers) players") }
        return problems
    }

    /// How a player takes part in a shard.
    public enum Role: String, Sendable, Hashable {
        /// Its home cell is the shard's: the shard scores its list.
        case owner
        /// In a cell within reach of one of the shard's cells: a partner only.
        case halo
        /// An `anywhere` player with a vector: every shard holds the whole pool.
        case pool
    }

    /// For every player of `p` (the whole population, as planned) that some shard needs: (dense index, shard, role),
    /// ascending by player then shard. A player is listed once per shard, with the strongest role (owner, pool, halo).
    public func needs(_ p: PreparedPopulation) -> [(player: Int, shard: Int, role: Role)] {
        let grid = GeoGrid(cellKm: gridCellKm)
        let keys = cells.map(\.key)
        let needers = neededBy()
        var out: [(player: Int, shard: Int, role: Role)] = []
        for u in 0..<p.count where p.hasVector(u) {
            var roles: [Int: Role] = [:]
            if p.anywhere[u] { for s in 0..<shards { roles[s] = .pool } }
            if p.located[u] {
                let key = grid.key(latitude: p.latitude[u], longitude: p.longitude[u])
                let c = BulkPairer.lowerBound(keys, key)
                if c < keys.count && keys[c] == key {
                    for s in needers[c] where roles[s] == nil { roles[s] = .halo }
                    roles[cells[c].shard] = .owner
                }
            } else if p.anywhere[u] {
                roles[PairingShard.owner(ofUnlocated: p.steamIDs[u], shards: shards)] = .owner
            }
            for s in roles.keys.sorted() { out.append((u, s, roles[s]!)) }
        }
        return out
    }
}
