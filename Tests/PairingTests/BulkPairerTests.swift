import Testing
import PlayerModel
import SyntheticData
@testable import Pairing

@Suite struct BulkPairerTests {
    static func population(players: Int, seed: UInt64, config: PairingConfig = PairingConfig(k: 10)) -> PreparedPopulation {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed))
        return PreparedPopulation(dataset: dataset, exclusions: TestData.exclusions(from: dataset), config: config)
    }

    @Test(arguments: [(600, UInt64(1), 0), (600, UInt64(1), Int.max), (1_500, UInt64(7), 0),
                      (1_500, UInt64(7), Int.max), (1_500, UInt64(7), 200)])
    func indexedEqualsBruteForce(players: Int, seed: UInt64, pruneFrom: Int) throws {
        let p = Self.population(players: players, seed: seed, config: PairingConfig(k: 10, pruneFromRegionSize: pruneFrom))
        let result = BulkPairer.pair(p, threads: 1)
        let bulk = result.lists, counters = result.counters
        let oracle = BruteForcePairer.pair(p)
        let same = bulk == oracle
        #expect(same)
        #expect(result.emptyReasons == BruteForcePairer.emptyReasons(p, lists: oracle))
        #expect(counters.postingsScanned > 0)
        let nonEmpty = (0..<p.count).filter { !bulk.list($0).isEmpty }.count
        #expect(nonEmpty > players / 3)
    }

    @Test(arguments: [0, 4_096])
    func threadCountDoesNotChangeOutput(pruneFrom: Int) {
        let p = Self.population(players: 2_000, seed: 3, config: PairingConfig(k: 10, pruneFromRegionSize: pruneFrom))
        let r1 = BulkPairer.pair(p, threads: 1)
        let one = r1.lists, c1 = r1.counters
        let r4 = BulkPairer.pair(p, threads: 4)
        let four = r4.lists, c4 = r4.counters
        let same = one == four
        #expect(same)
        #expect(c1 == c4)
    }

    /// Half the app users accept any distance: a large pool of `anywhere` pairs, scored once per pair in stripes.
    static func anywherePopulation(threads: Int = 1, prunePoolFrom: Int = .max) -> PreparedPopulation {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 2_500, seed: 11, shareAnywhere: 0.5))
        return PreparedPopulation(dataset: dataset, exclusions: TestData.exclusions(from: dataset),
                                  config: PairingConfig(k: 10, threads: threads, prunePoolFromSize: prunePoolFrom))
    }

    @Test func anywherePoolEqualsBruteForceOnAnyThreadCount() {
        let p = Self.anywherePopulation()
        let pool = (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }.count
        #expect(pool > BulkPairer.poolStripes * BulkPairer.poolRowBlock)
        let oracle = BruteForcePairer.pair(p)
        let one = BulkPairer.pair(p, threads: 1)
        let three = BulkPairer.pair(p, threads: 3)
        #expect(one.lists == oracle)
        #expect(three.lists == oracle)
        #expect(one.counters == three.counters)
        #expect(one.counters.poolPostingsScanned > 0)
        #expect(one.emptyReasons == BruteForcePairer.emptyReasons(p, lists: oracle))
        #expect(three.emptyReasons == one.emptyReasons)
    }

    /// Each unordered pool pair is scanned once: the pool's postings are about half of what scanning every
    /// ordered pair would take (plus the floor scans).
    @Test func poolScansEachPairOnce() {
        let p = Self.anywherePopulation()
        let members = (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }
        var df: [UInt32: Int] = [:]
        for u in members { for i in p.vectorRange(u) { df[p.vectorGame[i], default: 0] += 1 } }
        // Ordered pairs sharing each game: Σ df·(df − 1); once per unordered pair: half of it.
        let orderedPostings = df.values.reduce(0) { $0 + $1 * ($1 - 1) }
        let counters = BulkPairer.pair(p, threads: 2).counters
        let floorScans = counters.poolPostingsScanned - orderedPostings / 2
        #expect(floorScans >= 0)
        #expect(floorScans < orderedPostings / 2)
    }

    /// Seeded populations where most app users accept any distance, so the pool is large; each config varies what
    /// the floors and bounds see (capacity under an exposure cap, filters, weighting, the depth exponent).
    static func largePool(players: Int, seed: UInt64, share: Double, config: PairingConfig) -> PreparedPopulation {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed, shareAnywhere: share))
        return PreparedPopulation(dataset: dataset, exclusions: TestData.exclusions(from: dataset), config: config)
    }

    static let prunedPoolCases: [(players: Int, seed: UInt64, share: Double, config: PairingConfig)] = [
        (2_000, 21, 0.9, PairingConfig(k: 10, prunePoolFromSize: 0)),
        (2_500, 22, 0.6, PairingConfig(k: 5, exposureCapFactor: 2, prunePoolFromSize: 0)),
        (1_500, 23, 1.0, PairingConfig(k: 20, minSharedGames: 2, requireSharedLanguage: true, prunePoolFromSize: 0)),
        (1_800, 24, 0.8, PairingConfig(k: 8, prunePoolFromSize: 0, gameWeighting: .bm25Hours, normExponent: 1)),
        (1_800, 25, 0.8, PairingConfig(k: 3, prunePoolFromSize: 0, gameWeighting: .logHours)),
    ]

    /// The pruned pool traversal (every member querying the pool, `BlockScorer.scorePoolMember`) equals the
    /// brute-force oracle exactly, lists and reasons, on 1 and 3 threads with the same counters, and equals the plain scan.
    @Test(arguments: 0..<prunedPoolCases.count)
    func prunedPoolEqualsBruteForce(_ index: Int) {
        let c = Self.prunedPoolCases[index]
        let p = Self.largePool(players: c.players, seed: c.seed, share: c.share, config: c.config)
        let pool = (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }.count
        #expect(pool > c.players / 3)
        let oracle = BruteForcePairer.pair(p)
        let one = Self.expectOracleOnOneAndThreeThreads(p, oracle: oracle)
        var plainConfig = c.config
        plainConfig.prunePoolFromSize = .max
        let plain = BulkPairer.pair(Self.largePool(players: c.players, seed: c.seed, share: c.share, config: plainConfig), threads: 2)
        #expect(plain.lists == one.lists)
        #expect(plain.emptyReasons == one.emptyReasons)
    }

    /// `largePool` with players cloned in runs of `run`: each clone takes the first player's library, location and
    /// preferences (its own steamid), so scores tie across every run and lists depend on the steamid tie-break.
    static func clonedPool(players: Int, seed: UInt64, share: Double, run: Int, config: PairingConfig) -> PreparedPopulation {
        var d = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed, shareAnywhere: share))
        TestData.clone(&d, run: run)
        return PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: config)
    }

    /// The default (plain) pool scan with its cuts (floors seeded from the geo lists, the drain's pre-filter, the
    /// bound after the first fit) equals the oracle on pools where most app users are `anywhere` and located (so they
    /// also have geo lists that raise their floors), with clones whose scores tie, on 1 and 3 threads.
    @Test(arguments: [(1_800, UInt64(31), 0.9, 4, PairingConfig(k: 10)),
                      (2_000, UInt64(32), 0.7, 8, PairingConfig(k: 5, exposureCapFactor: 2)),
                      (1_500, UInt64(33), 1.0, 3, PairingConfig(k: 20, minSharedGames: 2)),
                      (1_500, UInt64(34), 0.8, 6, PairingConfig(k: 4, gameWeighting: .logHours))])
    func plainPoolWithTiesEqualsBruteForce(players: Int, seed: UInt64, share: Double, run: Int, config: PairingConfig) {
        let p = Self.clonedPool(players: players, seed: seed, share: share, run: run, config: config)
        let pool = (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }
        #expect(pool.count > players / 3)
        #expect(pool.filter { p.located[$0] }.count > pool.count / 2)
        let oracle = BruteForcePairer.pair(p)
        // Ties are real: some list holds two partners with the same score.
        let tied = (0..<p.count).contains { u in
            let l = oracle.list(u)
            return zip(l, l.dropFirst()).contains { $0.score == $1.score }
        }
        #expect(tied)
        Self.expectOracleOnOneAndThreeThreads(p, oracle: oracle)
        var pruned = config
        pruned.prunePoolFromSize = 0
        let ranked = BulkPairer.pair(Self.clonedPool(players: players, seed: seed, share: share, run: run, config: pruned), threads: 2)
        #expect(ranked.lists == oracle)
    }

    /// The dense drain of pool rows (`PoolScorer.drainDense`, on by default only for pools of 4,096 players and
    /// more) equals the oracle on pools with clones whose scores tie, on 1 and 3 threads, and gives the same lists
    /// and reasons as the touch-list drain; it is really taken (counted rows).
    @Test(arguments: [(1_800, UInt64(41), 0.9, 4, PairingConfig(k: 10)),
                      (2_000, UInt64(42), 0.7, 8, PairingConfig(k: 5, exposureCapFactor: 2)),
                      (1_500, UInt64(43), 1.0, 3, PairingConfig(k: 20, minSharedGames: 2, requireSharedLanguage: true)),
                      (1_500, UInt64(44), 0.8, 1, PairingConfig(k: 4, gameWeighting: .logHours))])
    func denseDrainEqualsBruteForce(players: Int, seed: UInt64, share: Double, run: Int, config: PairingConfig) {
        var dense = config
        dense.denseDrainPoolFromSize = 0
        let p = Self.clonedPool(players: players, seed: seed, share: share, run: run, config: dense)
        #expect((0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }.count > players / 3)
        let oracle = BruteForcePairer.pair(p)
        let one = Self.expectOracleOnOneAndThreeThreads(p, oracle: oracle)
        #expect(one.counters.poolDenseRows > 0)
        var listDrain = config
        listDrain.denseDrainPoolFromSize = .max
        let plain = BulkPairer.pair(Self.clonedPool(players: players, seed: seed, share: share, run: run, config: listDrain), threads: 2)
        #expect(plain.counters.poolDenseRows == 0)
        #expect(plain.lists == one.lists)
        #expect(plain.emptyReasons == one.emptyReasons)
    }

    /// Pairs `p` on 1 and 3 threads and expects both to equal the oracle (lists and reasons) with the same counters;
    /// returns the 1-thread result.
    @discardableResult
    static func expectOracleOnOneAndThreeThreads(_ p: PreparedPopulation, oracle: PairingLists) -> BulkPairingResult {
        let one = BulkPairer.pair(p, threads: 1)
        let three = BulkPairer.pair(p, threads: 3)
        #expect(one.lists == oracle)
        #expect(three.lists == oracle)
        #expect(one.counters == three.counters)
        #expect(one.emptyReasons == BruteForcePairer.emptyReasons(p, lists: oracle))
        #expect(three.emptyReasons == one.emptyReasons)
        return one
    }
}
