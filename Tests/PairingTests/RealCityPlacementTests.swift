import Foundation
import Geo
import PipelineCore
import PlayerModel
import Testing
import SyntheticData
@testable import Pairing

/// The bench's placement on a (here synthetic) city table, and the indexed scorer on such spread-out populations:
/// many distinct points, a few heavy ones, mixed accuracies, so point blocks, radius groups and the centre + spread
/// region filter are all exercised against the oracle.
@Suite struct RealCityPlacementTests {
    /// `count` city rows in four clusters (±3°), every seventh with a state-centroid-like 60 km accuracy.
    static func cities(_ count: Int) -> [ResolvedLocation] {
        let centres = [(47.6, -122.3), (52.5, 13.4), (-23.5, -46.6), (59.3, 18.1)]
        var rng = SeededGenerator(seed: 99)
        return (0..<count).map { i in
            let (lat, lon) = centres[i % centres.count]
            let point = GeoPoint(latitude: lat + (rng.nextUnit() * 2 - 1) * 3, longitude: lon + (rng.nextUnit() * 2 - 1) * 3)
            return ResolvedLocation(code: LocationCode(country: "XX", state: "\(i % 9)", cityID: i), coordinateLevel: .city,
                                    point: point, accuracyKm: i % 7 == 0 ? 60 : 10, countryName: "X", stateName: "S",
                                    cityName: "C\(i)", source: "test")
        }
    }

    static func dataset(players: Int, seed: UInt64, cities: Int) -> PlayerDataset {
        var dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed))
        RealCityPlacement(locations: Self.cities(cities), zipfExponent: 0.9, seed: seed).relocate(&dataset.players)
        return dataset
    }

    @Test func placementIsSeededAndKeepsUnlocatedPlayers() {
        let original = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 500, seed: 4))
        let a = Self.dataset(players: 500, seed: 4, cities: 300), b = Self.dataset(players: 500, seed: 4, cities: 300)
        #expect(a.players == b.players)
        for (before, after) in zip(original.players, a.players) {
            #expect((before.latitude == nil) == (after.latitude == nil))
        }
        let points = Set(a.players.compactMap { p in p.latitude.map { "\($0),\(p.longitude!)" } })
        #expect(points.count > 60)
        #expect(a.players.contains { $0.locationAccuracyKm == 60 })
    }

    @Test(arguments: [(1_500, UInt64(2), 100.0), (2_000, UInt64(5), 40.0), (2_000, UInt64(5), 250.0)])
    func indexedEqualsBruteForceOnSpreadPopulation(players: Int, seed: UInt64, cellKm: Double) {
        let dataset = Self.dataset(players: players, seed: seed, cities: 400)
        let p = PreparedPopulation(dataset: dataset, exclusions: TestData.exclusions(from: dataset),
                                   config: PairingConfig(k: 10, gridCellKm: cellKm))
        let one = BulkPairer.pair(p, threads: 1)
        let three = BulkPairer.pair(p, threads: 3)
        let oracle = BruteForcePairer.pair(p)
        #expect(one.lists == oracle)
        #expect(three.lists == oracle)
        #expect(one.counters == three.counters)
        #expect(one.emptyReasons == three.emptyReasons)
        #expect((0..<p.count).filter { !one.lists.list($0).isEmpty }.count > players / 3)
    }
}
