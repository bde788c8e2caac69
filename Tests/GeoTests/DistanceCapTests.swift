import Testing
import Geo

@Suite struct DistanceCapTests {
    @Test func containsMatchesHaversine() {
        let cap = DistanceCap(km: 100)
        let berlin = GeoPoint(latitude: 52.52, longitude: 13.405)
        let potsdam = GeoPoint(latitude: 52.3906, longitude: 13.0645)  // ≈ 27 km
        let leipzig = GeoPoint(latitude: 51.3397, longitude: 12.3731)  // ≈ 150 km
        #expect(cap.contains(berlin.unitVector, potsdam.unitVector))
        #expect(!cap.contains(berlin.unitVector, leipzig.unitVector))
        #expect(DistanceCap(km: 160).contains(berlin.unitVector, leipzig.unitVector))
        #expect(DistanceCap(km: 30_000).cosine == -1)
    }

    @Test func mayContainAgreesWithMayBeWithin() {
        func at(_ lat: Double, _ lon: Double, _ accuracy: Double) -> ResolvedLocation {
            ResolvedLocation(
                code: LocationCode(country: "XX"), coordinateLevel: .city, point: GeoPoint(latitude: lat, longitude: lon),
                accuracyKm: accuracy, countryName: "X", stateName: nil, cityName: nil, source: "test")
        }
        let u = at(0, 0, 10), v = at(0, 1, 20), w = at(0, 1, 0), z = at(0, 0, 0)
        for km in [0.0, 50, 81, 82, 111, 112, 500] {
            let cap = DistanceCap(km: km)
            #expect(cap.mayContain(u, v) == u.mayBeWithin(km, of: v))
            #expect(cap.mayContain(z, w) == cap.contains(z.unitVector, w.unitVector))
        }
        #expect(DistanceCap(km: 82).mayContain(u, v))
        #expect(!DistanceCap(km: 81).mayContain(u, v))
        #expect(!DistanceCap(km: 111).mayContain(z, w))
        #expect(DistanceCap(km: 112).mayContain(z, w))
    }
}
