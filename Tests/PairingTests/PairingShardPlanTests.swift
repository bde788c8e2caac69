import Foundation
import Testing
import PlayerModel
import SyntheticData
@testable import Pairing

/// Sharded pairing (issue 13): each shard prepares only the players the plan sends it (its cells, its halo, the
/// `anywhere` pool) with the plan's frozen statistics, and the union of the shards' lists equals the one-machine run.
@Suite struct PairingShardPlanTests {
    /// A seeded population with half the app users `anywhere`, and every fourth located player moved to a hard place:
    /// either side of the antimeridian, near both poles, or on a grid row or column border (±0.001°). `farCaps`: a few
    /// players by the antimeridian search 2,500 km, so only the shard owning them sees the largest cap (which sets how
    /// far every located `anywhere` player searches).
    static func hardPlaces(players: Int, seed: UInt64, shareAnywhere: Double = 0.5, farCaps: Bool = false) -> PlayerDataset {
        var d = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed, shareAnywhere: shareAnywhere))
        let grid = GeoGrid(cellKm: 100)
        let row = 140
        let rowLatitude = -90 + Double(row) * grid.rowHeightDegrees
        let columns = grid.columnsInRow[row]
        let columnLongitude = -180 + 360 / Double(columns) * 17
        let places: [(Double, Double)] = [
            (10.2, 179.99), (10.25, -179.99), (10.3, 179.7), (10.2, -179.6),
            (89.95, 3), (89.6, -120), (89.9, 100), (-89.97, 45), (-89.5, -60),
            (rowLatitude + 0.001, 20), (rowLatitude - 0.001, 20.2), (rowLatitude, 20.5),
            (rowLatitude + 0.3, columnLongitude + 0.001), (rowLatitude + 0.3, columnLongitude - 0.001),
        ]
        var k = 0
        var far = Set<SteamID64>()
        for i in d.players.indices where d.players[i].latitude != nil && i % 4 == 0 {
            let (lat, lon) = places[k % places.count]
            let jitter = Double(k / places.count % 7) * 0.0003
            d.players[i].latitude = max(-90, min(90, lat + (lat > 0 ? -jitter : jitter)))
            d.players[i].longitude = lon
            if farCaps && k % places.count < 4 && k % 3 == 0 { far.insert(d.players[i].steamID) }
            k += 1
        }
        for i in d.preferences.indices where far.contains(d.preferences[i].steamID) && !d.preferences[i].anywhere {
            d.preferences[i].maxDistanceKm = 2_500
        }
        return d
    }

    /// The dataset a shard reads: only the players the plan sends it, their rows and preferences.
    static func subset(_ d: PlayerDataset, _ ids: Set<SteamID64>) -> PlayerDataset {
        var s = d
        s.players = d.players.filter { ids.contains($0.steamID) }
        s.games = d.games.filter { ids.contains($0.steamID) }
        s.preferences = d.preferences.filter { ids.contains($0.steamID) }
        s.friendships = d.friendships.filter { ids.contains($0.a) && ids.contains($0.b) }
        return s
    }

    static func shardLists(_ d: PlayerDataset, _ p: PreparedPopulation, plan: PairingShardPlan) -> [PairingShardLists] {
        let exclusions = TestData.exclusions(from: d)
        let needs = plan.needs(p)
        return (0..<plan.shards).map { s in
            let ids = Set(needs.filter { $0.shard == s }.map { p.steamIDs[$0.player] })
            let q = PreparedPopulation(dataset: subset(d, ids), exclusions: exclusions, config: p.config,
                                       statistics: plan.statistics, maxFiniteCapKm: plan.maxFiniteCapKm)
            #expect(plan.missingInput(q, shard: s).isEmpty)
            return BulkPairer.pairShard(q, shard: plan.shard(s), threads: 2)
        }
    }

    static let cases: [(players: Int, seed: UInt64, anywhere: Double, farCaps: Bool, config: PairingConfig)] = [
        (2_500, 51, 0.5, false, PairingConfig(k: 10)),
        (2_000, 52, 0.7, true, PairingConfig(k: 5, exposureCapFactor: 2)),
        (2_000, 53, 0.3, true, PairingConfig(k: 8, pruneFromRegionSize: 100, prunePoolFromSize: 0)),
        (1_500, 54, 0.9, false, PairingConfig(k: 6, defaultMaxDistanceKm: 400, minSharedGames: 2, gameWeighting: .bm25Hours)),
    ]

    @Test(arguments: 0..<cases.count, [1, 2, 7])
    func unionOfShardsEqualsTheWholeRun(_ index: Int, shards: Int) throws {
        let c = Self.cases[index]
        let d = Self.hardPlaces(players: c.players, seed: c.seed, shareAnywhere: c.anywhere, farCaps: c.farCaps)
        let p = PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: c.config)
        let whole = BulkPairer.pair(p, threads: 2)
        let plan = PairingShardPlan.make(p, shards: shards)
        let parts = Self.shardLists(d, p, plan: plan)
        let union = try BulkPairer.union(p, shards: parts.reversed())
        #expect(union.lists == whole.lists)
        #expect(union.emptyReasons == whole.emptyReasons)
        // The same union with each shard's lists loaded when its turn comes (what `run` does from shard directories).
        let byShard = parts.sorted { $0.shard < $1.shard }
        var loaded: [Int] = []
        let streamed = try BulkPairer.union(p, shardCount: shards) { i in loaded.append(i); return byShard[i] }
        #expect(loaded == Array(0..<shards))
        #expect(streamed.lists == whole.lists && streamed.emptyReasons == whole.emptyReasons)
        // The shards really split the work: each scored only its own players, and with more than one shard no shard
        // read the whole population.
        #expect(parts.reduce(0) { $0 + $1.players.count } <= p.count)
        let pool = (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }.count
        #expect(pool > c.players / 5)
        if shards > 1 {
            let needs = plan.needs(p)
            for s in 0..<shards { #expect(needs.filter { $0.shard == s }.count < p.count) }
            // With 7 shards the cities are hot: some cell is cut into slices scored by different shards.
            if shards == 7 { #expect(plan.cells.contains { Set($0.shards).count > 1 }) }
        }
    }

    /// Hard places really are in the population: players on both sides of the antimeridian and near both poles
    /// are paired with each other across the line.
    @Test func hardPlacesPairAcrossTheAntimeridian() {
        let d = Self.hardPlaces(players: 2_500, seed: 51)
        let p = PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: PairingConfig(k: 10))
        let lists = BulkPairer.pair(p, threads: 2).lists
        var across = 0
        for u in 0..<p.count where p.located[u] && p.longitude[u] > 179 {
            for c in lists.list(u) where p.located[Int(c.other)] && p.longitude[Int(c.other)] < -179 { across += 1 }
        }
        #expect(across > 0)
        #expect((0..<p.count).contains { p.located[$0] && p.latitude[$0] < -89.4 })
    }

    /// The plan cuts hot cells into slices and deals them largest first to the least loaded shard: no shard carries
    /// more than an even share plus the largest slice (the greedy bound), no slice is more than about an even share
    /// unless its cell has a single player, and the file form reads back equal.
    @Test(arguments: [2, 3, 7])
    func planIsBalancedAndReadsBack(shards: Int) throws {
        let d = Self.hardPlaces(players: 3_000, seed: 55)
        let p = PreparedPopulation(dataset: d, config: PairingConfig(k: 10))
        let plan = PairingShardPlan.make(p, shards: shards)
        let total = plan.cells.reduce(0) { $0 + $1.work }
        let largestSlice = plan.cells.map { ($0.work + $0.shards.count - 1) / $0.shards.count }.max() ?? 0
        #expect(total > 0)
        #expect(plan.shardWork.reduce(0, +) == total)
        for w in plan.shardWork { #expect(w <= total / shards + largestSlice) }
        #expect(largestSlice <= total / shards + 1 || plan.cells.contains { $0.players == 1 })
        #expect(plan.cells.allSatisfy { $0.shards.allSatisfy { (0..<shards).contains($0) } })
        #expect(plan.cells.map(\.key) == plan.cells.map(\.key).sorted())
        #expect(try PairingShardPlan(json: plan.jsonBytes()) == plan)
        #expect(plan.jsonBytes() == PairingShardPlan.make(p, shards: shards).jsonBytes())
    }

    /// A shard's input without its halo, or without part of the pool, is reported before any scoring.
    @Test func missingHaloOrPoolPlayersAreReported() {
        let d = Self.hardPlaces(players: 2_000, seed: 57)
        let p = PreparedPopulation(dataset: d, config: PairingConfig(k: 5))
        let plan = PairingShardPlan.make(p, shards: 3)
        let needs = plan.needs(p).filter { $0.shard == 1 }
        func problems(dropping role: PairingShardPlan.Role) -> [String] {
            let ids = Set(needs.filter { $0.role != role }.map { p.steamIDs[$0.player] })
            let q = PreparedPopulation(dataset: Self.subset(d, ids), config: p.config, statistics: plan.statistics,
                                       maxFiniteCapKm: plan.maxFiniteCapKm)
            return plan.missingInput(q, shard: 1)
        }
        #expect(needs.contains { $0.role == .halo })
        #expect(!problems(dropping: .halo).isEmpty)
        #expect(problems(dropping: .pool).contains { $0.contains("anywhere pool") })
        #expect(plan.missingInput(p, shard: 1).isEmpty)
    }

    @Test func unionRefusesMissingDuplicateAndForeignShards() throws {
        let d = Self.hardPlaces(players: 1_200, seed: 56)
        let p = PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: PairingConfig(k: 5))
        let plan = PairingShardPlan.make(p, shards: 3)
        let parts = Self.shardLists(d, p, plan: plan)
        #expect(throws: BulkPairer.ShardUnionError.self) { try BulkPairer.union(p, shards: Array(parts.prefix(2))) }
        #expect(throws: BulkPairer.ShardUnionError.self) { try BulkPairer.union(p, shards: parts + [parts[1]]) }
        let byShard = parts.sorted { $0.shard < $1.shard }
        #expect(throws: BulkPairer.ShardUnionError.self) { try BulkPairer.union(p, shardCount: 3) { byShard[min($0, 1)] } }
        #expect(throws: BulkPairer.ShardUnionError.self) { try BulkPairer.union(p, shardCount: 2) { byShard[$0] } }
        // Shard lists made with another plan: the same players owned twice or not at all.
        let other = Self.shardLists(d, p, plan: PairingShardPlan.make(p, shards: 2))
        var mixed = other
        mixed.append(parts[2])
        mixed[0].shards = 3; mixed[1].shards = 3; mixed[2].shard = 2
        #expect(throws: BulkPairer.ShardUnionError.self) { try BulkPairer.union(p, shards: mixed) }
        // A plan file of another format version is refused.
        var bytes = plan.jsonBytes()
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"format_version\":1", with: "\"format_version\":9")
        bytes = Array(text.utf8)
        #expect(throws: PairingShardPlan.DecodeError.self) { try PairingShardPlan(json: bytes) }
    }
}
