import Testing
@testable import Normalize

@Suite struct RFC3339Tests {
    @Test func parsesZonesAndFractions() {
        #expect(RFC3339.unixSeconds("1970-01-01T00:00:00Z") == 0)
        #expect(RFC3339.unixSeconds("2025-04-28T10:00:00Z") == 1_745_834_400)
        #expect(RFC3339.unixSeconds("2025-04-28T12:00:00.123+02:00") == 1_745_834_400)
        #expect(RFC3339.unixSeconds("2025-04-28T05:30:00-04:30") == 1_745_834_400)
    }

    @Test func rejectsJunk() {
        #expect(RFC3339.unixSeconds("yesterday") == nil)
        #expect(RFC3339.unixSeconds("2025-13-01T00:00:00Z") == nil)
        #expect(RFC3339.unixSeconds("2025-04-28T10:00:00") == nil)
    }
}
