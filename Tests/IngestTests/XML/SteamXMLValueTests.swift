@testable import Ingest
import Testing

@Suite struct SteamXMLValueTests {
    static func bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test(arguments: [
        ("589.7", 35382), ("8", 480), ("0.0", 0), ("1,033", 61980), ("1,234.5", 74070), ("0.1", 6), ("13.5", 810),
        ("0.05", 3), ("0.125", 8), ("10.25", 615),
    ])
    func hoursBecomeRoundedMinutes(_ text: String, _ minutes: Int) {
        #expect(Self.bytes(text, SteamXMLValue.minutes(fromHours:)) == minutes)
    }

    @Test(arguments: ["", "lots", "1.2.3", "-1", "1,0.5,", ".", ",5", "1e3", "12 h"])
    func malformedHoursAreRejected(_ text: String) {
        #expect(Self.bytes(text, SteamXMLValue.minutes(fromHours:)) == nil)
    }

    @Test(arguments: [
        ("September 20, 2006", "2006-09-20"), ("September 24th, 2003", "2003-09-24"), ("March 1st, 2010", "2010-03-01"),
        ("May 2nd, 2012", "2012-05-02"), ("June 3rd 2015", "2015-06-03"), ("Sep 9, 2009", "2009-09-09"),
        ("Sept 30, 2019", "2019-09-30"), ("february 29, 2004", "2004-02-29"), ("December 31, 2024", "2024-12-31"),
    ])
    func memberSinceBecomesISODate(_ text: String, _ iso: String) {
        #expect(Self.bytes(text, SteamXMLValue.isoDate(fromMemberSince:)) == iso)
    }

    @Test(arguments: ["", "20 September 2006", "Septembre 20, 2006", "February 29, 2005", "April 31, 2010",
                      "September 20th", "September 20xx, 2006", "September 20, 06", "September 20, 2006 extra"])
    func malformedMemberSinceIsRejected(_ text: String) {
        #expect(Self.bytes(text, SteamXMLValue.isoDate(fromMemberSince:)) == nil)
    }

    @Test func appIDsComeFromLinksAndImagePaths() {
        #expect(Self.bytes("http://store.steampowered.com/app/440", { SteamXMLValue.number(after: "/app/", in: $0) }) == 440)
        #expect(Self.bytes("http://store.steampowered.com//app/35140", { SteamXMLValue.number(after: "/app/", in: $0) }) == 35140)
        #expect(Self.bytes("http://steamcommunity.com/app/252950/", { SteamXMLValue.number(after: "/app/", in: $0) }) == 252950)
        #expect(Self.bytes("http://media.steampowered.com/steamcommunity/public/images/apps/21660/65cc.jpg",
                           { SteamXMLValue.number(after: "/apps/", in: $0) }) == 21660)
        #expect(Self.bytes("http://store.steampowered.com/app/", { SteamXMLValue.number(after: "/app/", in: $0) }) == nil)
        #expect(Self.bytes("http://store.steampowered.com/app/99999999999", { SteamXMLValue.number(after: "/app/", in: $0) }) == nil)
    }

    @Test func integersAndIDs() {
        #expect(Self.bytes("191232", SteamXMLValue.integer) == 191_232)
        #expect(Self.bytes("12,254", SteamXMLValue.integer) == 12254)
        #expect(Self.bytes("12a", SteamXMLValue.integer) == nil)
        #expect(Self.bytes("76561197985077150", SteamXMLValue.unsigned64) == 76_561_197_985_077_150)
        #expect(Self.bytes("99999999999999999999", SteamXMLValue.unsigned64) == nil)
        #expect(Self.bytes("1", SteamXMLValue.flag) == true)
        #expect(Self.bytes("0", SteamXMLValue.flag) == false)
        #expect(Self.bytes("2", SteamXMLValue.flag) == nil)
    }
}
