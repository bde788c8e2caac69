import Foundation
import Testing
import PlayerModel
import SyntheticData
@testable import Pairing

@Suite struct GameWeightingTests {
    @Test(arguments: GameWeighting.allCases)
    func indexedEqualsBruteForceUnderEveryWeighting(weighting: GameWeighting) {
        for mix in LibraryMix.allCases {
            let dataset = SyntheticPopulation.generate(mix.applied(to: SyntheticPopulationConfig(players: 800, seed: 5)))
            let p = PreparedPopulation(dataset: dataset, exclusions: TestData.exclusions(from: dataset),
                                       config: PairingConfig(k: 10, gameWeighting: weighting))
            let result = BulkPairer.pair(p, threads: 2)
            let oracle = BruteForcePairer.pair(p)
            #expect(result.lists == oracle, "\(weighting) on the \(mix) mix")
            #expect(result.emptyReasons == BruteForcePairer.emptyReasons(p, lists: oracle))
            #expect((0..<p.count).contains { !result.lists.list($0).isEmpty })
        }
    }

    @Test func weightingsDifferOnlyInTheVectors() {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 300, seed: 2))
        let vectors = GameWeighting.allCases.map {
            PreparedPopulation(dataset: dataset, config: PairingConfig(gameWeighting: $0)).vectorWeight
        }
        #expect(Set(vectors).count == GameWeighting.allCases.count, "each weighting gives its own vectors")
    }

    @Test func weightFormulas() {
        // Binary: hours do not count; IDF ln(N/(1+df)), floored for a game (nearly) everyone plays.
        #expect(GameWeighting.binary.hoursTerm(minutes: 1) == 1)
        #expect(GameWeighting.binary.hoursTerm(minutes: 600_000) == 1)
        #expect(GameWeighting.binary.hoursTerm(minutes: 0) == 0)
        #expect(abs(GameWeighting.binary.idf(players: 100, documentFrequency: 9) - log(10.0)) < 1e-12)
        #expect(GameWeighting.binary.idf(players: 100, documentFrequency: 100) == GameWeighting.minimumIDF)
        #expect(abs(GameWeighting.logHours.hoursTerm(minutes: 60) - log(2.0)) < 1e-12)
        #expect(GameWeighting.bm25Hours.idf(players: 100, documentFrequency: 10) == ScoreModel.idf(players: 100, documentFrequency: 10))
        #expect(GameWeighting.bm25Hours.hoursTerm(minutes: 600) == ScoreModel.saturate(minutes: 600))
    }
}
