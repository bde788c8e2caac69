/// How specific a Steam location is: a city, a state (region) or only a country.
public enum LocationLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case country
    case state
    case city

    private var rank: Int {
        switch self {
        case .country: 0
        case .state: 1
        case .city: 2
        }
    }

    /// Ordered from least to most specific: country < state < city.
    public static func < (lhs: LocationLevel, rhs: LocationLevel) -> Bool {
        lhs.rank < rhs.rank
    }
}
