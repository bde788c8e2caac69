/// Turns Steam location codes or an XML display string into coordinates. Normalize uses it to fill
/// `latitude`, `longitude` and `location_accuracy_km`; the runner supplies an implementation backed by
/// the reference location table.
public protocol PlayerLocator: Sendable {
    func locate(country: String?, state: String?, cityID: Int?, displayText: String?) -> LocatedPosition?
}

/// A resolved position and the radius (km) within which the player really is.
public struct LocatedPosition: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var accuracyKm: Double

    public init(latitude: Double, longitude: Double, accuracyKm: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracyKm = accuracyKm
    }
}
