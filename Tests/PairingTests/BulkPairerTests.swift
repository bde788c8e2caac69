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
}
