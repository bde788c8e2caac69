/// A Steam location resolved against `LocationTable`: the most specific table row that matched, its coordinates
/// and an accuracy radius.
///
/// `level` is the level of the code that matched (a known city id gives `.city`). `coordinateLevel` is how
/// precise the coordinates are: a known city that could not be geocoded carries its state's centroid, so it has
/// `level == .city` but `coordinateLevel == .state`. Use `accuracyKm` for distance caps (see `mayBeWithin`).
public struct ResolvedLocation: Sendable, Hashable {
    public var code: LocationCode
    public var level: LocationLevel { code.level }
    public var coordinateLevel: LocationLevel
    public var point: GeoPoint
    public var unitVector: UnitVector
    /// Radius in km within which the true position is expected: about 10 km for a geocoded city; for a state or
    /// country, the 90th percentile of its cities' distances from its centroid.
    public var accuracyKm: Double
    public var countryName: String
    public var stateName: String?
    public var cityName: String?
    /// How the coordinates were derived, as in the CSV `source` column (`geonames:<id>:<pass>`, `state-centroid`,
    /// `geonames-state-name:<id>`, `geonames-country:<CC>`, `country-centroid…`, `manual`).
    public var source: String

    public init(
        code: LocationCode, coordinateLevel: LocationLevel, point: GeoPoint, accuracyKm: Double,
        countryName: String, stateName: String?, cityName: String?, source: String
    ) {
        self.code = code
        self.coordinateLevel = coordinateLevel
        self.point = point
        self.unitVector = point.unitVector
        self.accuracyKm = accuracyKm
        self.countryName = countryName
        self.stateName = stateName
        self.cityName = cityName
        self.source = source
    }

    /// "City, State, Country" in Steam's profile-XML style, from the names that are known.
    public var displayName: String {
        [cityName, stateName, countryName].compactMap { $0 }.joined(separator: ", ")
    }

    /// Great-circle distance between the two coordinates in km.
    public func distanceKm(to other: ResolvedLocation) -> Double {
        unitVector.distanceKm(to: other.unitVector)
    }

    /// The smallest distance the two true positions can be apart: `max(0, distance − accuracy − other.accuracy)`.
    public func minimumDistanceKm(to other: ResolvedLocation) -> Double {
        max(0, distanceKm(to: other) - accuracyKm - other.accuracyKm)
    }

    /// The conservative cap test: true when the pair may be within `capKm`, i.e.
    /// `distance − accuracy_u − accuracy_v ≤ capKm`. Evaluated as one dot product against
    /// `UnitVector.cosine(ofKm: capKm + accuracy_u + accuracy_v)`.
    public func mayBeWithin(_ capKm: Double, of other: ResolvedLocation) -> Bool {
        unitVector.dot(other.unitVector) >= UnitVector.cosine(ofKm: capKm + accuracyKm + other.accuracyKm)
    }
}
