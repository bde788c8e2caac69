import Testing
import Geo

@Suite struct GeoPointTests {
    @Test func antipodesAreHalfACircumference() {
        let a = GeoPoint(latitude: 47.61, longitude: -122.2), b = GeoPoint(latitude: -47.61, longitude: 57.8)
        #expect(abs(a.distanceKm(to: b) - 20_015.1) < 1)
        #expect(abs(a.unitVector.distanceKm(to: b.unitVector) - 20_015.1) < 1)
        #expect(abs(GeoPoint(latitude: 90, longitude: 0).distanceKm(to: GeoPoint(latitude: -90, longitude: 0)) - 20_015.1) < 1)
    }
}
