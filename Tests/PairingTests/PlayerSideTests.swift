import Foundation
import Geo
import Testing
@testable import Pairing

/// `PlayerSide.geoAdmits` skips the cosine for pairs at least `nearCosine` apart when the limit is at least
/// `nearKm`; it must decide every pair as the plain rule `dot ≥ cos(limit)` does, around both thresholds.
@Suite struct PlayerSideTests {
    static func side(_ latitude: Double, _ longitude: Double, cap: Double, accuracy: Double, anywhere: Bool = false) -> PlayerSide {
        let v = GeoPoint(latitude: latitude, longitude: longitude).unitVector
        var s = PlayerSide()
        s.unitX = v.x; s.unitY = v.y; s.unitZ = v.z
        s.capKm = anywhere ? .infinity : cap
        s.accuracyKm = accuracy
        s.located = true
        s.anywhere = anywhere
        return s
    }

    /// The rule without the fast path.
    static func plainAdmits(_ u: PlayerSide, _ v: PlayerSide) -> Bool {
        if u.anywhere && v.anywhere { return true }
        let limit = min(u.capKm, v.capKm) - u.accuracyKm - v.accuracyKm
        guard limit >= 0 else { return false }
        return u.unitX * v.unitX + u.unitY * v.unitY + u.unitZ * v.unitZ >= UnitVector.cosine(ofKm: limit)
    }

    @Test func fastPathDecidesLikeTheCosine() {
        let caps: [Double] = [0, 0.5, 0.999, 1, 1.000_001, 1.5, 2, 3, 25, 100, 500]
        // Offsets from a centre, in degrees of latitude: same point, metres, around 1 km, a few km.
        let offsets: [Double] = [0, 1e-9, 1e-6, 0.001, 0.008, 0.0089, 0.009, 0.0091, 0.01, 0.02, 0.05, 1]
        var admitted = 0, refused = 0
        for (lat, lon) in [(47.60621, -122.33207), (0.0, 0.0), (-89.99, 179.99), (59.32938, 18.06871)] {
            for offset in offsets {
                for cap in caps {
                    for accuracy in [0.0, 0.25, 0.5] {
                        let u = Self.side(lat, lon, cap: cap, accuracy: accuracy)
                        let v = Self.side(max(-90, min(90, lat + offset)), lon, cap: cap + 0.3, accuracy: accuracy)
                        let fast = PlayerSide.geoAdmits(u, v).admitted
                        #expect(fast == Self.plainAdmits(u, v), "offset \(offset)°, cap \(cap), accuracy \(accuracy)")
                        #expect(PlayerSide.geoAdmits(v, u).admitted == fast)
                        if fast { admitted += 1 } else { refused += 1 }
                    }
                }
            }
        }
        #expect(admitted > 100 && refused > 100)
    }
}
