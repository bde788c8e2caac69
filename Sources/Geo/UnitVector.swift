import Foundation

/// A point on the unit sphere. "Within d km" is one dot product: `a.dot(b) >= UnitVector.cosine(ofKm: d)`.
public struct UnitVector: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    @inline(__always) public func dot(_ other: UnitVector) -> Double {
        x * other.x + y * other.y + z * other.z
    }

    /// The dot-product threshold equivalent to a great-circle distance of `km`.
    public static func cosine(ofKm km: Double) -> Double {
        cos(min(km, .pi * GeoPoint.earthRadiusKm) / GeoPoint.earthRadiusKm)
    }

    /// Great-circle distance in km between two unit vectors (atan2 form, accurate at every range).
    public func distanceKm(to other: UnitVector) -> Double {
        let cx = y * other.z - z * other.y
        let cy = z * other.x - x * other.z
        let cz = x * other.y - y * other.x
        let crossNorm = (cx * cx + cy * cy + cz * cz).squareRoot()
        return atan2(crossNorm, dot(other)) * GeoPoint.earthRadiusKm
    }
}
