import Geo

/// Where a trader is, with the radius (km) the position is known to.
public struct TradeLocation: Sendable, Hashable {
    public var point: GeoPoint
    public var accuracyKm: Double

    public init(point: GeoPoint, accuracyKm: Double = 0) {
        self.point = point
        self.accuracyKm = accuracyKm
    }
}
