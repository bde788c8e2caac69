import Geo

/// The reference location table locates players: by code triple first (city → state → country fallback),
/// then, for XML-only players, by the profile's display string.
extension LocationTable: PlayerLocator {
    public func locate(country: String?, state: String?, cityID: Int?, displayText: String?) -> LocatedPosition? {
        let resolved = resolve(country: country, state: state, cityID: cityID) ?? displayText.flatMap { resolve(displayString: $0) }
        return resolved.map {
            LocatedPosition(latitude: $0.point.latitude, longitude: $0.point.longitude, accuracyKm: $0.accuracyKm)
        }
    }
}
