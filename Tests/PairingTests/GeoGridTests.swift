import Foundation
import Geo
import PipelineCore
import Testing
@testable import Pairing

@Suite struct GeoGridTests {
    /// Every point within the radius of a point lies in one of the neighbour ranges of that point's cell,
    /// including near the poles and across the antimeridian.
    @Test(arguments: [25.0, 100.0, 333.0])
    func neighbourRangesNeverMissAPointInRange(cellKm: Double) {
        let grid = GeoGrid(cellKm: cellKm)
        var rng = SeededGenerator(seed: 17)
        var checked = 0
        for _ in 0..<3_000 {
            let lat = rng.nextUnit() * 178 - 89, lon = rng.nextUnit() * 360 - 180
            let radius = 10 + rng.nextUnit() * 600
            let centre = GeoPoint(latitude: lat, longitude: lon)
            // A second point at a random bearing and distance ≤ radius.
            let d = rng.nextUnit() * radius / GeoPoint.earthRadiusKm, bearing = rng.nextUnit() * 2 * .pi
            let phi1 = lat * .pi / 180, lambda1 = lon * .pi / 180
            let phi2 = asin(sin(phi1) * cos(d) + cos(phi1) * sin(d) * cos(bearing))
            var lambda2 = lambda1 + atan2(sin(bearing) * sin(d) * cos(phi1), cos(d) - sin(phi1) * sin(phi2))
            if lambda2 > .pi { lambda2 -= 2 * .pi }
            if lambda2 < -.pi { lambda2 += 2 * .pi }
            let other = GeoPoint(latitude: phi2 * 180 / .pi, longitude: lambda2 * 180 / .pi)
            guard centre.distanceKm(to: other) <= radius else { continue }
            let key = grid.key(latitude: other.latitude, longitude: other.longitude)
            let row = Int(key >> 32), column = Int(key & 0xFFFF_FFFF)
            let ranges = grid.neighbourRanges(of: grid.key(latitude: lat, longitude: lon), radiusKm: radius)
            #expect(ranges.contains { $0.row == row && $0.columns.contains(column) })
            checked += 1
        }
        #expect(checked > 2_500)
    }
}
