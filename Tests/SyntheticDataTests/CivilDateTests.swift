import Testing
@testable import SyntheticData

@Suite struct CivilDateTests {
    @Test func formatsKnownInstants() {
        #expect(CivilDate(unixSeconds: 0).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(CivilDate(unixSeconds: 1_736_935_200).rfc3339 == "2025-01-15T10:00:00Z")
        #expect(CivilDate(unixSeconds: 1_158_710_400).memberSince == "September 20, 2006")
        #expect(CivilDate(unixSeconds: 951_782_400).iso == "2000-02-29")   // leap day of a 400-year leap year
        #expect(CivilDate(unixSeconds: 4_107_542_399).rfc3339 == "2100-02-28T23:59:59Z")
        #expect(CivilDate(unixSeconds: 4_107_542_400).iso == "2100-03-01")  // 2100 is not a leap year
        #expect(CivilDate(unixSeconds: -1).rfc3339 == "1969-12-31T23:59:59Z")
    }
}
