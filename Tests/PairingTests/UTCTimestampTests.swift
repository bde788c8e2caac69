import Testing
@testable import Pairing

@Suite struct UTCTimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)), ("2025-05-01T12:00:00Z", Int64(1_746_100_800)),
        ("2025-05-01T14:00:00+02:00", Int64(1_746_100_800)), ("2024-02-29T23:59:59.250Z", Int64(1_709_251_199)),
    ])
    func parses(text: String, seconds: Int64) {
        #expect(UTCTimestamp.parse(text) == seconds)
    }

    @Test(arguments: ["", "2025-05-01", "2025-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2025-05-01T12:00:00", "2025-05-01T12:00:00Zjunk"])
    func rejects(text: String) {
        #expect(UTCTimestamp.parse(text) == nil)
    }

    @Test func formatsRoundTrip() {
        for s: Int64 in [0, 1_746_100_800, 1_709_251_199, 4_102_444_800] {
            #expect(UTCTimestamp.parse(UTCTimestamp.format(s)) == s)
        }
        #expect(UTCTimestamp.format(1_746_100_800) == "2025-05-01T12:00:00Z")
    }
}
