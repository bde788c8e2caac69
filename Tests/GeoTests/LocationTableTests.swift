import Foundation
import Testing
@testable import Geo

@Suite struct LocationTableTests {
    private func expectNear(_ location: ResolvedLocation?, _ lat: Double, _ lon: Double, withinKm km: Double = 5,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let location = try #require(location, sourceLocation: sourceLocation)
        let d = location.point.distanceKm(to: GeoPoint(latitude: lat, longitude: lon))
        #expect(d <= km, "\(location.code) at \(location.point) is \(d) km from (\(lat), \(lon))", sourceLocation: sourceLocation)
    }

    @Test func spotChecksKnownCities() throws {
        let table = try CommittedLocationTable.load()
        let bellevue = table.resolve(country: "US", state: "WA", cityID: 3961)
        try expectNear(bellevue, 47.610, -122.201)
        #expect(bellevue?.cityName == "Bellevue")
        #expect(bellevue?.stateName == "Washington")
        #expect(bellevue?.countryName == "United States")
        #expect(bellevue?.level == .city)
        #expect(bellevue?.coordinateLevel == .city)
        #expect(bellevue?.accuracyKm == 10)
        try expectNear(table.resolve(country: "US", state: "WA", cityID: 4030), 47.606, -122.332)
        #expect(table.resolve(country: "US", state: "WA", cityID: 4030)?.cityName == "Seattle")
        let salvador = table.resolve(country: "BR", state: "05", cityID: 8708)
        try expectNear(salvador, -12.976, -38.491)
        #expect(salvador?.displayName == "Salvador, Bahia, Brazil")
    }

    @Test func codesAreNormalised() throws {
        let table = try CommittedLocationTable.load()
        #expect(table.resolve(country: " us ", state: "wa", cityID: 3961)?.code == LocationCode(country: "US", state: "WA", cityID: 3961))
        #expect(table.resolve(country: "BR", state: "5", cityID: 8708)?.cityName == "Salvador")
        // A city id without a state resolves when the id is unique in the country.
        #expect(table.resolve(country: "US", state: nil, cityID: 3961)?.cityName == "Bellevue")
    }

    @Test func fallsBackCityToStateToCountryToNil() throws {
        let table = try CommittedLocationTable.load()
        let washington = try #require(table.location(for: LocationCode(country: "US", state: "WA")))
        let unknownCity = try #require(table.resolve(country: "US", state: "WA", cityID: 999_999))
        #expect(unknownCity.code == washington.code)
        #expect(unknownCity.level == .state)
        #expect(unknownCity.point == washington.point)
        #expect(unknownCity.accuracyKm > 10)
        #expect(unknownCity.stateName == "Washington")
        #expect(unknownCity.cityName == nil)
        // Washington's centroid lies in the state, near the Cascades.
        try expectNear(unknownCity, 47.4, -121.0, withinKm: 250)

        let unknownState = try #require(table.resolve(country: "US", state: "ZZ", cityID: 3961))
        #expect(unknownState.code == LocationCode(country: "US"))
        #expect(unknownState.level == .country)
        #expect(unknownState.countryName == "United States")
        #expect(table.resolve(country: "US")?.level == .country)

        #expect(table.resolve(country: "XX", state: "WA", cityID: 3961) == nil)
        #expect(table.resolve(country: nil, state: "WA", cityID: 3961) == nil)
        #expect(table.resolve(country: "", state: nil, cityID: nil) == nil)
    }

    @Test func resolvesProfileDisplayStrings() throws {
        let table = try CommittedLocationTable.load()
        let salvador = try #require(table.resolve(displayString: "Salvador, Bahia, Brazil"))
        #expect(salvador.code == LocationCode(country: "BR", state: "05", cityID: 8708))
        #expect(salvador.level == .city)

        let lancashire = try #require(table.resolve(displayString: "Lancashire, United Kingdom (Great Britain)"))
        #expect(lancashire.level == .state)
        #expect(lancashire.stateName == "Lancashire")
        #expect(lancashire.code.country == "GB")
        try expectNear(lancashire, 53.8, -2.6, withinKm: 60)

        let southampton = try #require(table.resolve(displayString: "Southampton, Southampton, United Kingdom (Great Britain)"))
        #expect(southampton.level == .city)
        #expect(southampton.cityName == "Southampton")
        #expect(southampton.stateName == "Southampton")
        try expectNear(southampton, 50.904, -1.404)

        #expect(table.resolve(displayString: "United States")?.code == LocationCode(country: "US"))
        // Case- and accent-insensitive, extra spaces tolerated.
        #expect(table.resolve(displayString: "  SALVADOR ,  bahía , brazil ")?.code == salvador.code)
        #expect(table.resolve(displayString: "Seattle, Washington, United States")?.cityName == "Seattle")
        // Country names with commas of their own.
        #expect(table.resolve(displayString: "Korea, Republic of")?.code == LocationCode(country: "KR"))
        #expect(table.resolve(displayString: "United Kingdom")?.code == LocationCode(country: "GB"))
        // An unknown city falls back to the state, an unknown state to the country, an unknown country to nil.
        #expect(table.resolve(displayString: "Atlantis, Washington, United States")?.code == LocationCode(country: "US", state: "WA"))
        #expect(table.resolve(displayString: "Nowhere, United States")?.code == LocationCode(country: "US"))
        #expect(table.resolve(displayString: "Salvador, Bahia, Narnia") == nil)
        #expect(table.resolve(displayString: "") == nil)
        #expect(table.resolve(displayString: ",,,") == nil)
    }

    @Test func usTerritoriesSitInTheirOwnArea() throws {
        let table = try CommittedLocationTable.load()
        let puertoRico = try #require(table.resolve(country: "US", state: "PR"))
        try expectNear(puertoRico, 18.2, -66.5, withinKm: 60)
        // Every Puerto Rican city is in Puerto Rico, not at a namesake on the mainland.
        let prCities = table.locations.filter { $0.level == .city && $0.code.stateCode == puertoRico.code }
        #expect(prCities.count == 77)
        #expect(prCities.allSatisfy { $0.distanceKm(to: puertoRico) < 150 })
        try expectNear(table.resolve(country: "US", state: "GU"), 13.44, 144.79, withinKm: 30)
        #expect(table.resolve(country: "US", state: "GU")?.coordinateLevel == .state)
    }

    @Test func hasOneRowPerSteamCode() throws {
        let table = try CommittedLocationTable.load()
        #expect(table.count(of: .country) == 236)
        #expect(table.count(of: .state) == 4_024)
        #expect(table.count(of: .city) == 45_214)
        #expect(table.locations.map(\.code) == table.locations.map(\.code).sorted())
        #expect(Set(table.locations.map(\.code)).count == table.locations.count)
    }

    @Test func cityLevelShareIsAtLeastTheReadmeFigure() throws {
        let table = try CommittedLocationTable.load()
        let cities = table.locations.filter { $0.level == .city }
        let located = cities.filter { $0.coordinateLevel == .city }
        let share = 100 * Double(located.count) / Double(cities.count)
        let readme = try String(contentsOf: CommittedLocationTable.readmeURL, encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("City-level share:") })
        let quoted = try #require(Double(line.split(separator: " ").first { Double($0) != nil } ?? ""))
        #expect(quoted >= 95)
        #expect(share >= quoted)
        // Every row has a usable accuracy; geocoded cities carry the documented 10 km.
        #expect(located.allSatisfy { $0.accuracyKm == 10 })
        #expect(table.locations.allSatisfy { $0.accuracyKm >= 10 })
    }

    @Test func stateAccuracyCoversNinetyPercentOfItsCities() throws {
        let table = try CommittedLocationTable.load()
        var citiesByState: [LocationCode: [ResolvedLocation]] = [:]
        for city in table.locations where city.level == .city && city.coordinateLevel == .city {
            citiesByState[city.code.stateCode!, default: []].append(city)
        }
        var checked = 0
        for state in table.locations where state.level == .state {
            let cities = citiesByState[state.code] ?? []
            // A state with geocoded cities has its own centroid; one without is placed by its name or takes the
            // country's centroid.
            #expect((state.source == "state-centroid") == !cities.isEmpty, "\(state.code)")
            let placedWithoutCities = state.source.hasPrefix("geonames-state-name:") || state.source.hasPrefix("geonames-country:")
            #expect((state.coordinateLevel == .state) == (!cities.isEmpty || placedWithoutCities), "\(state.code)")
            guard !cities.isEmpty else { continue }
            // accuracy_km is the 90th percentile (nearest rank) of the cities' distances, rounded up to 0.1 km;
            // 0.01 km absorbs the 5-decimal rounding of the coordinates.
            let inside = cities.filter { state.distanceKm(to: $0) <= state.accuracyKm + 0.01 }.count
            #expect(inside >= Int((0.9 * Double(cities.count)).rounded(.up)), "\(state.code): \(inside) of \(cities.count)")
            checked += 1
        }
        #expect(checked > 2_500)
    }

    @Test(arguments: [
        ("country,state,city_id,name,lat,lon,accuracy_km\n", "locations.badHeader", 1),
        ("", "locations.empty", 1),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39.1,-89.9,2672.0\n", "locations.malformedRow", 2),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,91,-89.9,2672.0,x\n", "locations.malformedRow", 2),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,east,2672.0,x\n", "locations.malformedRow", 2),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,-1,x\n", "locations.malformedRow", 2),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,1,x\nUS,WA,12a,Bellevue,47,-122,10,x\n", "locations.malformedRow", 3),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,\"United States,39,-89,1,x\n", "locations.malformedRow", 2),
        // Codes: upper-case ASCII letters or digits (country), ASCII letters or digits (state), ASCII digits (city id).
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nus,,,United States,39,-89,1,x\n", "locations.malformedRow", 2),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nÜS,,,United States,39,-89,1,x\n", "locations.malformedRow", 2),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,1,x\nUS,W-A,,Washington,47,-122,10,x\n", "locations.malformedRow", 3),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,1,x\nUS,WÄ,,Washington,47,-122,10,x\n", "locations.malformedRow", 3),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,1,x\nUS,WA,,Washington,47,-122,10,x\nUS,WA,\u{0661}\u{0662},Bellevue,47,-122,10,x\n", "locations.malformedRow", 4),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,1,x\nUS,,,United States,39,-89,1,x\n", "locations.duplicateCode", 3),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,,,United States,39,-89,1,x\nUS,WA,3961,Bellevue,47,-122,10,x\n", "locations.missingParent", 3),
        ("country,state,city_id,name,lat,lon,accuracy_km,source\nUS,WA,,Washington,47,-122,10,x\n", "locations.missingParent", 2),
    ])
    func rejectsMalformedTables(csv: String, code: String, line: Int) {
        #expect {
            try LocationTable(csv: Array(csv.utf8))
        } throws: { error in
            guard let error = error as? LocationTableError else { return false }
            return error.code == code && error.line == line
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: LocationTableError(code: "locations.invalidUTF8", line: 1, message: "the table is not valid UTF-8")) {
            try LocationTable(csv: [0x63, 0xFF, 0xFE])
        }
    }

    @Test func parsesQuotedNamesAndCRLF() throws {
        let csv = "country,state,city_id,name,lat,lon,accuracy_km,source\r\n"
            + "KR,,,\"Korea, Republic of\",36.5,127.9,300.0,country-centroid\r\n"
            + "KR,11,,Seoul-t'ukpyolsi,37.5,127.0,20.0,state-centroid\r\n"
            + "KR,11,7,\"The \"\"Quoted\"\" Town\",37.56,126.97,10.0,geonames:1835848:admin1\r\n"
        let table = try LocationTable(csv: Array(csv.utf8))
        #expect(table.locations.count == 3)
        let town = try #require(table.resolve(country: "KR", state: "11", cityID: 7))
        #expect(town.cityName == "The \"Quoted\" Town")
        #expect(town.countryName == "Korea, Republic of")
        #expect(town.coordinateLevel == .city)
        #expect(table.resolve(displayString: "The \"Quoted\" Town, Seoul-t'ukpyolsi, Korea, Republic of")?.code == town.code)
        #expect(table.resolve(country: "KR", state: "11", cityID: 8)?.coordinateLevel == .state)
    }
}
