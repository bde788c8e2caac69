import Testing
import Geo

@Suite struct ResolvedLocationTests {
    private func location(_ lat: Double, _ lon: Double, accuracy: Double) -> ResolvedLocation {
        ResolvedLocation(
            code: LocationCode(country: "XX"), coordinateLevel: .country, point: GeoPoint(latitude: lat, longitude: lon),
            accuracyKm: accuracy, countryName: "X", stateName: nil, cityName: nil, source: "test")
    }

    @Test func seattleToBellevueIsAboutTenKilometres() throws {
        let table = try CommittedLocationTable.load()
        let seattle = try #require(table.resolve(country: "US", state: "WA", cityID: 4030))
        let bellevue = try #require(table.resolve(country: "US", state: "WA", cityID: 3961))
        let d = seattle.distanceKm(to: bellevue)
        #expect(abs(d - 9.9) < 1.0, "Seattle–Bellevue \(d) km")
        #expect(abs(seattle.point.distanceKm(to: bellevue.point) - d) < 1e-6)
        #expect(seattle.mayBeWithin(0, of: bellevue))  // 9.9 − 10 − 10 ≤ 0
        #expect(seattle.minimumDistanceKm(to: bellevue) == 0)
    }

    @Test func conservativeCapSubtractsBothAccuracies() {
        // 1° of longitude on the equator ≈ 111.19 km.
        let u = location(0, 0, accuracy: 10), v = location(0, 1, accuracy: 20)
        let d = u.distanceKm(to: v)
        #expect(abs(d - 111.19) < 0.01)
        #expect(u.mayBeWithin(82, of: v))      // 111.19 − 30 = 81.19 ≤ 82
        #expect(!u.mayBeWithin(81, of: v))     // > 81
        #expect(v.mayBeWithin(82, of: u) == u.mayBeWithin(82, of: v))
        #expect(abs(u.minimumDistanceKm(to: v) - 81.19) < 0.01)
        // The dot-product form agrees with the distance form.
        for cap in stride(from: 0.0, through: 200, by: 0.5) {
            #expect(u.mayBeWithin(cap, of: v) == (d - 30 <= cap + 1e-9) || abs(d - 30 - cap) < 1e-6)
        }
    }

    @Test func unitVectorCapTestMatchesDistance() {
        let a = GeoPoint(latitude: 52.52, longitude: 13.405), b = GeoPoint(latitude: 48.137, longitude: 11.575)
        let d = a.distanceKm(to: b)
        #expect(abs(d - 504) < 2)
        #expect(a.unitVector.dot(b.unitVector) >= UnitVector.cosine(ofKm: d + 0.01))
        #expect(a.unitVector.dot(b.unitVector) < UnitVector.cosine(ofKm: d - 0.01))
    }
}
