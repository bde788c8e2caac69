import Geo

/// A real Steam location (codes from the Steam location table) where synthetic players live.
public struct SyntheticCity: Sendable, Hashable {
    public var countryCode: String
    public var stateCode: String
    public var cityID: Int
    public var cityName: String
    public var stateName: String
    public var countryName: String
    /// City centre (WGS84).
    public var center: GeoPoint
    /// IANA time zone the players state their availability in.
    public var timeZone: String
    /// Standard-time offset from UTC in hours (the synthetic preferences are dated in January, so no DST).
    public var utcOffsetHours: Int
    /// Main language codes spoken there, most common first.
    public var languages: [String]
    /// Relative share of located players living here.
    public var weight: Double

    public init(countryCode: String, stateCode: String, cityID: Int, cityName: String, stateName: String,
                countryName: String, center: GeoPoint, timeZone: String, utcOffsetHours: Int, languages: [String],
                weight: Double) {
        self.countryCode = countryCode
        self.stateCode = stateCode
        self.cityID = cityID
        self.cityName = cityName
        self.stateName = stateName
        self.countryName = countryName
        self.center = center
        self.timeZone = timeZone
        self.utcOffsetHours = utcOffsetHours
        self.languages = languages
        self.weight = weight
    }

    /// The XML `location` display string, "City, State, Country".
    public var locationText: String { "\(cityName), \(stateName), \(countryName)" }

    /// Twelve real cities; codes checked against the vendored Steam location table
    /// (`steam-friends-countries__steam_countries.min.json`), centres equal to `Data/reference/steam-locations.csv`
    /// (GeoNames), so a dataset normalised with that table gets the same coordinates as the generator.
    /// The four Puget Sound cities lie within 50 km of each other and Berlin–Poznan within 250 km:
    /// clusters are the point, so pairing has neighbours to find.
    public static let defaults: [SyntheticCity] = [
        SyntheticCity(countryCode: "US", stateCode: "WA", cityID: 4030, cityName: "Seattle", stateName: "Washington",
                      countryName: "United States", center: GeoPoint(latitude: 47.60621, longitude: -122.33207),
                      timeZone: "America/Los_Angeles", utcOffsetHours: -8, languages: ["en", "es"], weight: 16),
        SyntheticCity(countryCode: "US", stateCode: "WA", cityID: 3961, cityName: "Bellevue", stateName: "Washington",
                      countryName: "United States", center: GeoPoint(latitude: 47.61038, longitude: -122.20068),
                      timeZone: "America/Los_Angeles", utcOffsetHours: -8, languages: ["en", "zh"], weight: 7),
        SyntheticCity(countryCode: "US", stateCode: "WA", cityID: 4024, cityName: "Redmond", stateName: "Washington",
                      countryName: "United States", center: GeoPoint(latitude: 47.67399, longitude: -122.12151),
                      timeZone: "America/Los_Angeles", utcOffsetHours: -8, languages: ["en", "hi"], weight: 4),
        SyntheticCity(countryCode: "US", stateCode: "WA", cityID: 4040, cityName: "Tacoma", stateName: "Washington",
                      countryName: "United States", center: GeoPoint(latitude: 47.25288, longitude: -122.44429),
                      timeZone: "America/Los_Angeles", utcOffsetHours: -8, languages: ["en", "es"], weight: 5),
        SyntheticCity(countryCode: "BR", stateCode: "05", cityID: 8708, cityName: "Salvador", stateName: "Bahia",
                      countryName: "Brazil", center: GeoPoint(latitude: -12.97563, longitude: -38.49096),
                      timeZone: "America/Bahia", utcOffsetHours: -3, languages: ["pt", "en"], weight: 8),
        SyntheticCity(countryCode: "BR", stateCode: "27", cityID: 8872, cityName: "Sao Paulo", stateName: "Sao Paulo",
                      countryName: "Brazil", center: GeoPoint(latitude: -23.54750, longitude: -46.63611),
                      timeZone: "America/Sao_Paulo", utcOffsetHours: -3, languages: ["pt", "en"], weight: 14),
        SyntheticCity(countryCode: "DE", stateCode: "16", cityID: 12623, cityName: "Berlin", stateName: "Berlin",
                      countryName: "Germany", center: GeoPoint(latitude: 52.52437, longitude: 13.41053),
                      timeZone: "Europe/Berlin", utcOffsetHours: 1, languages: ["de", "en", "tr"], weight: 12),
        SyntheticCity(countryCode: "DE", stateCode: "04", cityID: 13004, cityName: "Hamburg", stateName: "Hamburg",
                      countryName: "Germany", center: GeoPoint(latitude: 53.55073, longitude: 9.99302),
                      timeZone: "Europe/Berlin", utcOffsetHours: 1, languages: ["de", "en"], weight: 6),
        SyntheticCity(countryCode: "GB", stateCode: "P5", cityID: 16988, cityName: "London", stateName: "Westminster",
                      countryName: "United Kingdom (Great Britain)",
                      center: GeoPoint(latitude: 51.50853, longitude: -0.12574),
                      timeZone: "Europe/London", utcOffsetHours: 0, languages: ["en", "pl"], weight: 12),
        SyntheticCity(countryCode: "PL", stateCode: "67", cityID: 36018, cityName: "Warsaw", stateName: "Warszawa",
                      countryName: "Poland", center: GeoPoint(latitude: 52.22977, longitude: 21.01178),
                      timeZone: "Europe/Warsaw", utcOffsetHours: 1, languages: ["pl", "en"], weight: 8),
        SyntheticCity(countryCode: "PL", stateCode: "86", cityID: 35924, cityName: "Poznan", stateName: "Wielkopolskie",
                      countryName: "Poland", center: GeoPoint(latitude: 52.40692, longitude: 16.92993),
                      timeZone: "Europe/Warsaw", utcOffsetHours: 1, languages: ["pl", "en", "de"], weight: 3),
        SyntheticCity(countryCode: "SE", stateCode: "26", cityID: 43754, cityName: "Stockholm", stateName: "Stockholms Lan",
                      countryName: "Sweden", center: GeoPoint(latitude: 59.32938, longitude: 18.06871),
                      timeZone: "Europe/Stockholm", utcOffsetHours: 1, languages: ["sv", "en"], weight: 5),
    ]
}
