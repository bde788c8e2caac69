import Foundation
import Geo
import PipelineCore
import Testing

@Suite struct LocationNeighbourIndexTests {
    private func randomPoints(count: Int, seed: UInt64, clustered: Bool) -> ([GeoPoint], [Double]) {
        var rng = SeededGenerator(seed: seed)
        var points: [GeoPoint] = [], accuracies: [Double] = []
        // Uniform on the sphere, plus clusters near the poles and the antimeridian where grids go wrong.
        let centres = [GeoPoint(latitude: 89.5, longitude: 10), GeoPoint(latitude: -88, longitude: -170),
                       GeoPoint(latitude: 65, longitude: 179.9), GeoPoint(latitude: -20, longitude: -179.95),
                       GeoPoint(latitude: 47.6, longitude: -122.3)]
        for i in 0..<count {
            let point: GeoPoint
            if clustered && i % 2 == 0 {
                let c = centres[i / 2 % centres.count]
                let lat = min(90, max(-90, c.latitude + (rng.nextUnit() - 0.5) * 6))
                var lon = c.longitude + (rng.nextUnit() - 0.5) * 8
                if lon >= 180 { lon -= 360 }
                if lon < -180 { lon += 360 }
                point = GeoPoint(latitude: lat, longitude: lon)
            } else {
                let z = rng.nextUnit() * 2 - 1
                point = GeoPoint(latitude: asin(z) * 180 / .pi, longitude: rng.nextUnit() * 360 - 180)
            }
            points.append(point)
            let r = rng.nextUnit()
            accuracies.append(r < 0.8 ? 10 : (r < 0.95 ? 10 + rng.nextUnit() * 300 : 500 + rng.nextUnit() * 2_500))
        }
        return (points, accuracies)
    }

    @Test(arguments: [(UInt64(1), 0.5), (UInt64(2), 1.0), (UInt64(3), 0.25)])
    func equalsBruteForceScan(seed: UInt64, cellDegrees: Double) {
        let (points, accuracies) = randomPoints(count: 3_000, seed: seed, clustered: true)
        let index = LocationNeighbourIndex(points: points, accuracyKm: accuracies, cellDegrees: cellDegrees)
        var rng = SeededGenerator(seed: seed &+ 100)
        var nonEmpty = 0
        for _ in 0..<200 {
            let q = Int(rng.next() % UInt64(points.count))
            let radius = [5.0, 50, 120, 400, 1_500, 8_000, 21_000][Int(rng.next() % 7)]
            let qv = points[q].unitVector
            let expected = points.indices.filter { qv.dot(points[$0].unitVector) >= UnitVector.cosine(ofKm: radius) }
            let found = index.neighbours(of: points[q], withinKm: radius)
            #expect(found == expected, "plain query \(q) r=\(radius)")
            let expectedConservative = points.indices.filter {
                qv.dot(points[$0].unitVector) >= UnitVector.cosine(ofKm: radius + accuracies[q] + accuracies[$0])
            }
            #expect(index.neighbours(ofMember: q, mayBeWithinKm: radius) == expectedConservative, "conservative \(q) r=\(radius)")
            if expected.count > 1 { nonEmpty += 1 }
        }
        #expect(nonEmpty > 50)  // the test exercises real neighbourhoods, not only the query point itself
    }

    @Test func queriesAtArbitraryPointsMatchBruteForce() {
        let (points, _) = randomPoints(count: 2_000, seed: 7, clustered: true)
        let index = LocationNeighbourIndex(points: points)
        var rng = SeededGenerator(seed: 8)
        for _ in 0..<200 {
            let q = GeoPoint(latitude: asin(rng.nextUnit() * 2 - 1) * 180 / .pi, longitude: rng.nextUnit() * 360 - 180)
            let radius = 10 + rng.nextUnit() * 3_000
            let expected = points.indices.filter { q.unitVector.dot(points[$0].unitVector) >= UnitVector.cosine(ofKm: radius) }
            #expect(index.neighbours(of: q, withinKm: radius) == expected)
        }
    }

    @Test func findsCommittedTableNeighbours() throws {
        let table = try CommittedLocationTable.load()
        let located = table.locations.filter { $0.coordinateLevel == .city }
        let index = LocationNeighbourIndex(locations: located)
        let seattle = try #require(located.firstIndex { $0.code == LocationCode(country: "US", state: "WA", cityID: 4030) })
        let near = index.neighbours(of: located[seattle].point, withinKm: 15).map { located[$0].cityName ?? "" }
        #expect(near.contains("Bellevue"))
        #expect(near.contains("Seattle"))
        #expect(!near.contains("Tacoma"))  // about 40 km away
        #expect(index.neighbours(of: located[seattle].point, withinKm: 50).map { located[$0].cityName ?? "" }.contains("Tacoma"))
    }

    @Test func nonFiniteInputIsIgnoredNotFatal() {
        let points = [GeoPoint(latitude: .nan, longitude: 0), GeoPoint(latitude: 10, longitude: .infinity),
                      GeoPoint(latitude: 10, longitude: 10), GeoPoint(latitude: 10.1, longitude: 10)]
        let index = LocationNeighbourIndex(points: points, accuracyKm: [0, 0, -5, .nan])
        #expect(index.neighbours(of: GeoPoint(latitude: 10, longitude: 10), withinKm: 50) == [2, 3])
        #expect(index.neighbours(ofMember: 2, mayBeWithinKm: 50) == [2, 3])
        #expect(index.neighbours(of: GeoPoint(latitude: .nan, longitude: 10), withinKm: 50).isEmpty)
        #expect(index.accuracyKm == [0, 0, 0, 0])
    }

    @Test func emptyIndexReturnsNothing() {
        let index = LocationNeighbourIndex(points: [])
        #expect(index.neighbours(of: GeoPoint(latitude: 0, longitude: 0), withinKm: 20_000).isEmpty)
        #expect(index.count == 0)
    }
}
