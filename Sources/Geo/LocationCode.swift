/// A Steam location code triple (`loccountrycode`, `locstatecode`, `loccityid`) as stored in the table.
///
/// City ids are unique only within their state (Steam's table reuses some ids across states), so a city is
/// always keyed by the full triple. Ordered like the CSV: country, state, city id numerically; the shorter
/// code (country, then state) comes before its children.
public struct LocationCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var country: String
    public var state: String?
    public var cityID: Int?

    public init(country: String, state: String? = nil, cityID: Int? = nil) {
        self.country = country
        self.state = state
        self.cityID = cityID
    }

    /// The level this code names (city if it has a city id, else state if it has a state).
    public var level: LocationLevel {
        cityID != nil ? .city : (state != nil ? .state : .country)
    }

    /// The enclosing state code (nil for country codes).
    public var stateCode: LocationCode? {
        state.map { LocationCode(country: country, state: $0) }
    }

    /// The enclosing country code.
    public var countryCode: LocationCode {
        LocationCode(country: country)
    }

    /// `US/WA/3961`, `US/WA`, `US`.
    public var description: String {
        [country, state, cityID.map(String.init)].compactMap { $0 }.joined(separator: "/")
    }

    public static func < (lhs: LocationCode, rhs: LocationCode) -> Bool {
        if lhs.country != rhs.country { return lhs.country < rhs.country }
        if lhs.state != rhs.state { return (lhs.state ?? "") < (rhs.state ?? "") }
        return (lhs.cityID ?? -1) < (rhs.cityID ?? -1)
    }
}
