import Foundation

/// Steam's location codes with coordinates, read from `Data/reference/steam-locations.csv` (the bytes are read by
/// the runner; this type does no I/O).
///
/// Lookups fall back from city to state to country: an unknown city id resolves to its state, an unknown state to
/// its country, an unknown country to nil.
public struct LocationTable: Sendable {
    /// The CSV header this table reads.
    public static let header = ["country", "state", "city_id", "name", "lat", "lon", "accuracy_km", "source"]

    /// Every row, in CSV order (country, state, city id).
    public let locations: [ResolvedLocation]
    private let indexByCode: [LocationCode: Int]
    /// Folded country name → country code (Steam's names, plus the names without a parenthesised part).
    private let countryByName: [String: String]
    /// Country code → folded state name → state code.
    private let stateByName: [String: [String: String]]
    /// State code → folded city name → smallest city id with that name.
    private let cityByName: [LocationCode: [String: Int]]
    /// Country code → folded city name → the city codes with that name (ascending).
    private let citiesByNameInCountry: [String: [String: [LocationCode]]]

    /// Parses the CSV bytes. Throws `LocationTableError` (with the 1-based line) on invalid UTF-8, a wrong header,
    /// a malformed or duplicate row, or a state or city row whose parent row is missing.
    public init(csv bytes: some Collection<UInt8>) throws(LocationTableError) {
        let bytes = Array(bytes)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw LocationTableError(code: "locations.invalidUTF8", line: 1, message: "the table is not valid UTF-8")
        }
        let records = try LocationCSVRecords.parse(bytes)
        guard let first = records.first else {
            throw LocationTableError(code: "locations.empty", line: 1, message: "the table has no header")
        }
        guard first.fields == Self.header else {
            throw LocationTableError(
                code: "locations.badHeader", line: first.line,
                message: "expected header \(Self.header.joined(separator: ",")), found \(first.fields.joined(separator: ","))")
        }
        var locations: [ResolvedLocation] = []
        locations.reserveCapacity(records.count)
        var indexByCode: [LocationCode: Int] = [:]
        indexByCode.reserveCapacity(records.count)
        for record in records.dropFirst() {
            let row = try Self.parseRow(record)
            guard indexByCode[row.code] == nil else {
                throw LocationTableError(
                    code: "locations.duplicateCode", line: record.line, message: "duplicate location code \(row.code)")
            }
            var location = row  // parseRow puts the row's own name in cityName; move it to its level's field.
            if row.code.cityID != nil, let stateCode = row.code.stateCode {
                guard let stateIndex = indexByCode[stateCode] else {
                    throw LocationTableError(
                        code: "locations.missingParent", line: record.line,
                        message: "\(row.code) comes before or without its state row \(stateCode)")
                }
                location.stateName = locations[stateIndex].stateName
            }
            if row.code.state != nil {
                guard let countryIndex = indexByCode[row.code.countryCode] else {
                    throw LocationTableError(
                        code: "locations.missingParent", line: record.line,
                        message: "\(row.code) comes before or without its country row \(row.code.country)")
                }
                location.countryName = locations[countryIndex].countryName
                if row.code.cityID == nil {
                    location.stateName = row.cityName
                    location.cityName = nil
                }
            } else {
                location.countryName = row.cityName ?? ""
                location.cityName = nil
            }
            indexByCode[row.code] = locations.count
            locations.append(location)
        }
        self.locations = locations
        self.indexByCode = indexByCode

        var countryByName: [String: String] = [:]
        var stateByName: [String: [String: String]] = [:]
        var cityByName: [LocationCode: [String: Int]] = [:]
        var citiesByNameInCountry: [String: [String: [LocationCode]]] = [:]
        for location in locations {
            let code = location.code
            switch code.level {
            case .country:
                let folded = LocationNameFolding.fold(location.countryName)
                if countryByName[folded] == nil { countryByName[folded] = code.country }
            case .state:
                let folded = LocationNameFolding.fold(location.stateName ?? "")
                if stateByName[code.country, default: [:]][folded] == nil {
                    stateByName[code.country, default: [:]][folded] = code.state
                }
            case .city:
                let folded = LocationNameFolding.fold(location.cityName ?? "")
                if cityByName[code.stateCode!, default: [:]][folded] == nil {
                    cityByName[code.stateCode!, default: [:]][folded] = code.cityID
                }
                citiesByNameInCountry[code.country, default: [:]][folded, default: []].append(code)
            }
        }
        // Second names without a parenthesised part ("United Kingdom"), where they are not already taken.
        for location in locations where location.code.level == .country {
            let name = location.countryName
            if let open = name.firstIndex(of: "(") {
                let short = LocationNameFolding.fold(name[..<open])
                if !short.isEmpty, countryByName[short] == nil { countryByName[short] = location.code.country }
            }
        }
        self.countryByName = countryByName
        self.stateByName = stateByName
        self.cityByName = cityByName
        self.citiesByNameInCountry = citiesByNameInCountry
    }

    /// The number of rows per level.
    public func count(of level: LocationLevel) -> Int {
        locations.reduce(0) { $0 + ($1.level == level ? 1 : 0) }
    }

    /// The row for exactly this code, without fallback.
    public func location(for code: LocationCode) -> ResolvedLocation? {
        indexByCode[code].map { locations[$0] }
    }

    /// Resolves Steam's `loccountrycode` / `locstatecode` / `loccityid`, falling back city → state → country → nil.
    /// Codes are trimmed; the country is upper-cased; a state is tried as given, upper-cased, and (one digit)
    /// zero-padded. A city id given without any state resolves when the id names one city in the country.
    public func resolve(country: String?, state: String? = nil, cityID: Int? = nil) -> ResolvedLocation? {
        guard let rawCountry = country?.trimmingCharacters(in: .whitespaces), !rawCountry.isEmpty else { return nil }
        let countryCode = rawCountry.uppercased()
        guard let countryIndex = indexByCode[LocationCode(country: countryCode)] else { return nil }
        var stateCode: LocationCode? = nil
        var stateGiven = false
        if let rawState = state?.trimmingCharacters(in: .whitespaces), !rawState.isEmpty {
            stateGiven = true
            var tries = [rawState, rawState.uppercased()]
            if rawState.count == 1, rawState.allSatisfy(\.isNumber) { tries.append("0" + rawState) }
            stateCode = tries.lazy.map { LocationCode(country: countryCode, state: $0) }.first { indexByCode[$0] != nil }
        }
        if let cityID {
            if let stateCode, let index = indexByCode[LocationCode(country: countryCode, state: stateCode.state, cityID: cityID)] {
                return locations[index]
            }
            if !stateGiven, let unique = uniqueCity(country: countryCode, cityID: cityID) {
                return locations[unique]
            }
        }
        if let stateCode, let index = indexByCode[stateCode] { return locations[index] }
        return locations[countryIndex]
    }

    /// Resolves a code triple (see `resolve(country:state:cityID:)`).
    public func resolve(_ code: LocationCode) -> ResolvedLocation? {
        resolve(country: code.country, state: code.state, cityID: code.cityID)
    }

    private func uniqueCity(country: String, cityID: Int) -> Int? {
        guard let countryIndex = indexByCode[LocationCode(country: country)] else { return nil }
        var found: Int? = nil
        var i = countryIndex + 1
        while i < locations.count, locations[i].code.country == country {
            if locations[i].code.cityID == cityID {
                if found != nil { return nil }
                found = i
            }
            i += 1
        }
        return found
    }

    /// Resolves the profile-XML `<location>` text, e.g. "Salvador, Bahia, Brazil",
    /// "Lancashire, United Kingdom (Great Britain)", "United States".
    ///
    /// Parsed from the right, case- and accent-insensitively: the shortest comma-separated suffix naming a country,
    /// then the shortest remaining suffix naming one of its states, then the rest as a city of that state. A city
    /// name that is not in the state gives the state; a state name that is not in the country gives the city with
    /// that name if the country has exactly one, else the country. No known country gives nil.
    public func resolve(displayString: String) -> ResolvedLocation? {
        let parts = displayString.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty else { return nil }
        var rest = parts[...]
        guard let country = takeSuffix(of: &rest, matching: { countryByName[$0] }),
            let countryLocation = location(for: LocationCode(country: country))
        else { return nil }
        let remaining = rest.filter { !$0.isEmpty }
        if remaining.isEmpty { return countryLocation }
        if let states = stateByName[country], let state = takeSuffix(of: &rest, matching: { states[$0] }) {
            let stateCode = LocationCode(country: country, state: state)
            let cityText = LocationNameFolding.fold(rest.joined(separator: ", "))
            if !cityText.isEmpty, let cityID = cityByName[stateCode]?[cityText] {
                return location(for: LocationCode(country: country, state: state, cityID: cityID))
            }
            return location(for: stateCode)
        }
        let cityText = LocationNameFolding.fold(remaining.joined(separator: ", "))
        if let matches = citiesByNameInCountry[country]?[cityText], matches.count == 1 {
            return location(for: matches[0])
        }
        return countryLocation
    }

    /// Finds the shortest non-empty suffix of `parts` (joined with ", ") whose folded text `lookup` knows, removes
    /// it from `parts` and returns the lookup's value.
    private func takeSuffix<T>(of parts: inout ArraySlice<String>, matching lookup: (String) -> T?) -> T? {
        var start = parts.endIndex
        while start > parts.startIndex {
            start -= 1
            let folded = LocationNameFolding.fold(parts[start...].joined(separator: ", "))
            if folded.isEmpty { continue }
            if let value = lookup(folded) {
                parts = parts[..<start]
                return value
            }
        }
        return nil
    }

    private static func parseRow(_ record: LocationCSVRecords.Record) throws(LocationTableError) -> ResolvedLocation {
        let f = record.fields
        func fail(_ message: String) -> LocationTableError {
            LocationTableError(code: "locations.malformedRow", line: record.line, message: message)
        }
        guard f.count == header.count else { throw fail("expected \(header.count) fields, found \(f.count)") }
        let country = f[0], state = f[1], city = f[2], name = f[3]
        // Byte checks: the same answers as Character's isUppercase / isLetter / isNumber on ASCII, without a Unicode
        // property lookup per character (45,214 rows are checked on every run that loads the table).
        guard !country.isEmpty, country.utf8.allSatisfy({ $0.isASCIIUppercase || $0.isASCIIDigit }) else {
            throw fail("country code '\(country)' is not upper-case ASCII")
        }
        guard state.utf8.allSatisfy({ $0.isASCIIUppercase || $0.isASCIILowercase || $0.isASCIIDigit }) else {
            throw fail("state code '\(state)' is not ASCII letters or digits")
        }
        var cityID: Int? = nil
        if !city.isEmpty {
            guard !state.isEmpty else { throw fail("city id '\(city)' without a state") }
            guard city.utf8.allSatisfy(\.isASCIIDigit), let id = Int(city) else {
                throw fail("city id '\(city)' is not a non-negative integer")
            }
            cityID = id
        }
        guard !name.isEmpty else { throw fail("empty name") }
        guard let lat = Double(f[4]), lat.isFinite, (-90...90).contains(lat) else {
            throw fail("latitude '\(f[4])' is not a number in -90...90")
        }
        guard let lon = Double(f[5]), lon.isFinite, (-180...180).contains(lon) else {
            throw fail("longitude '\(f[5])' is not a number in -180...180")
        }
        guard let accuracy = Double(f[6]), accuracy.isFinite, accuracy >= 0 else {
            throw fail("accuracy_km '\(f[6])' is not a non-negative number")
        }
        let source = f[7]
        guard !source.isEmpty else { throw fail("empty source") }
        // geonames:… = a geocoded city; country-centroid… and manual = a country's position; every other source
        // (state-centroid, geonames-state-name:…, geonames-country:…) = a state's position.
        let coordinateLevel: LocationLevel
        if source.hasPrefix("geonames:") {
            coordinateLevel = .city
        } else if source.hasPrefix("country-centroid") || source == "manual" {
            coordinateLevel = .country
        } else {
            coordinateLevel = .state
        }
        return ResolvedLocation(
            code: LocationCode(country: country, state: state.isEmpty ? nil : state, cityID: cityID),
            coordinateLevel: coordinateLevel, point: GeoPoint(latitude: lat, longitude: lon), accuracyKm: accuracy,
            countryName: "", stateName: nil, cityName: name, source: source)
    }
}

private extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isASCIIUppercase: Bool { self >= 0x41 && self <= 0x5A }
    var isASCIILowercase: Bool { self >= 0x61 && self <= 0x7A }
}
