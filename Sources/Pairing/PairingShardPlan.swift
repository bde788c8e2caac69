import Foundation
import PlayerModel

/// How a sharded pairing run (issue 13) splits the population: every occupied grid cell goes to one shard, chosen by
/// estimated work so shards cost about the same, and the two population-wide inputs of a score (IDF statistics and
/// the `anywhere` search radius) are frozen here so a shard that sees only its players and halo scores exactly as
/// the whole run would.
///
/// Work of a cell: Σ over its players with a game vector of the players located in the cells within that player's
/// search radius (players × neighbours, what scoring costs), not the player count. A hot cell (a dense city) whose
/// work passes an even share is cut into that many **slices** of its players (by rank in steamid order; every slice
/// is scored against the whole cell's region, so the lists do not change), and the slices are dealt largest first to
/// the least loaded shard (ties: lower shard): one city no longer sets the slowest shard.
/// A shard needs its own cells' players, the players in every cell within reach of one of its cells (its halo), and
/// the whole `anywhere` pool; `needs(_:)` lists who goes where.
public struct PairingShardPlan: Sendable, Hashable {
    public static let formatVersion = 1

    public struct Cell: Sendable, Hashable {
        /// `GeoGrid` key: row << 32 | column.
        public var key: UInt64
        /// The shard scoring each slice: slice j holds the players whose rank r among the cell's players (steamid
        /// order) has `r · shards.count / players == j`. One entry for a cell that is not cut.
        public var shards: [Int]
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

    /// Each shard's summed work (a cut cell's work split evenly over its slices).
    public var shardWork: [Int] {
        var work = [Int](repeating: 0, count: shards)
        for c in cells {
            for (j, s) in c.shards.enumerated() { work[s] += Self.sliceWork(c.work, slice: j, of: c.shards.count) }
        }
        return work
    }

    static func sliceWork(_ work: Int, slice j: Int, of slices: Int) -> Int { work / slices + (j < work % slices ? 1 : 0) }

    /// Slice of the player ranked `rank` among `players` in a cell cut into `slices`.
    static func slice(rank: Int, players: Int, slices: Int) -> Int { slices <= 1 ? 0 : rank * slices / max(1, players) }

    public func shard(_ index: Int) -> PairingShard {
        PairingShard(index: index, count: shards, cells: cells.filter { $0.shards.contains(index) }
            .map { PairingShard.OwnedCell(key: $0.key, slices: $0.shards.map { $0 == index }) })
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
            cells.append(Cell(key: keys[c], shards: [0], players: start[c + 1] - start[c], work: work,
                              reachKm: radii.keys.max() ?? -1))
        }
        // Cut hot cells: as many slices as even shares in their work (at most one per shard and per player).
        let total = cells.reduce(0) { $0 + $1.work }
        let share = max(1, total / shards)
        var slices: [(cell: Int, slice: Int, work: Int)] = []
        for (c, cell) in cells.enumerated() {
            let count = max(1, min(shards, cell.players, (cell.work + share - 1) / share))
            cells[c].shards = [Int](repeating: 0, count: count)
            for j in 0..<count { slices.append((c, j, sliceWork(cell.work, slice: j, of: count))) }
        }
        var load = [Int](repeating: 0, count: shards)
        for item in slices.sorted(by: { $0.work != $1.work ? $0.work > $1.work : ($0.cell, $0.slice) < ($1.cell, $1.slice) }) {
            var best = 0
            for s in 1..<shards where load[s] < load[best] { best = s }
            cells[item.cell].shards[item.slice] = best
            load[best] += item.work
        }
        return PairingShardPlan(shards: shards, settings: settingsText(p.config), gridCellKm: p.config.gridCellKm,
                                statistics: p.statistics, maxFiniteCapKm: p.maxFiniteCapKm,
                                poolPlayers: BulkPairer.poolMembers(p).count, cells: cells)
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
            needers[c].append(contentsOf: cell.shards)
            guard cell.reachKm >= 0 else { continue }
            for (row, cols) in grid.neighbourRanges(of: cell.key, radiusKm: cell.reachKm) {
                let lo = BulkPairer.lowerBound(keys, UInt64(row) << 32 | UInt64(cols.lowerBound))
                let hi = BulkPairer.lowerBound(keys, UInt64(row) << 32 | (UInt64(cols.upperBound) + 1))
                for other in lo..<hi { needers[other].append(contentsOf: cell.shards) }
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
        // Each located player's owner: the shard of its slice (rank among its cell's players, steamid order).
        var owner = [Int](repeating: -1, count: p.count)
        var cellOf = [Int](repeating: -1, count: p.count)
        let (cellKeys, start, members) = BulkPairer.cells(p, grid: grid)
        for (k, key) in cellKeys.enumerated() {
            let c = BulkPairer.lowerBound(keys, key)
            guard c < keys.count && keys[c] == key else { continue }
            let n = start[k + 1] - start[k]
            for (rank, m) in members[start[k]..<start[k + 1]].enumerated() {
                owner[Int(m)] = cells[c].shards[Self.slice(rank: rank, players: n, slices: cells[c].shards.count)]
                cellOf[Int(m)] = c
            }
        }
        var out: [(player: Int, shard: Int, role: Role)] = []
        for u in 0..<p.count where p.hasVector(u) {
            var roles: [Int: Role] = [:]
            if p.anywhere[u] { for s in 0..<shards { roles[s] = .pool } }
            if cellOf[u] >= 0 {
                for s in needers[cellOf[u]] where roles[s] == nil { roles[s] = .halo }
                roles[owner[u]] = .owner
            } else if !p.located[u] && p.anywhere[u] {
                roles[PairingShard.owner(ofUnlocated: p.steamIDs[u], shards: shards)] = .owner
            }
            for s in roles.keys.sorted() { out.append((u, s, roles[s]!)) }
        }
        return out
    }
}
