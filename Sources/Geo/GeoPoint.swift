import Foundation

/// A position on the Earth in degrees (WGS84 latitude/longitude, treated as a sphere).
public struct GeoPoint: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// Mean Earth radius in km (IUGG).
    public static let earthRadiusKm = 6371.0

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in km (haversine, stable for small and antipodal distances).
    public func distanceKm(to other: GeoPoint) -> Double {
        let phi1 = latitude * .pi / 180, phi2 = other.latitude * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (other.longitude - longitude) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * Self.earthRadiusKm * asin(min(1, h.squareRoot()))
    }

    /// The point as a unit vector, for dot-product distance tests.
    public var unitVector: UnitVector {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return UnitVector(x: cos(phi) * cos(lambda), y: cos(phi) * sin(lambda), z: sin(phi))
    }
}
