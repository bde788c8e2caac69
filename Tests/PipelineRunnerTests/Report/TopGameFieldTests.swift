import Testing
@testable import PipelineRunner

/// The first game of a `top_games` cell: appid and name, JSON escapes undone, in the plain and the CSV-doubled form.
@Suite struct TopGameFieldTests {
    static func first(_ text: String, known: Set<Int> = []) -> (appid: Int, name: String?)? {
        Array(text.utf8).withUnsafeBufferPointer { TopGameField.first($0, nameIfNew: { known.contains($0) }) }
    }

    static let json = #"{"appid":500,"name":"Left 4 \"Dead\"\n\t\u00e9\ud83d\ude00 a\\b\/c\u0001","hours_you":1.0};{"appid":7,"name":"x"}"#
    static let expected = "Left 4 \"Dead\"\n\té😀 a\\b/c\u{01}"

    @Test func plainJSONText() throws {
        let (appid, name) = try #require(Self.first(Self.json))
        #expect(appid == 500)
        #expect(name == Self.expected)
    }

    @Test func csvDoubledQuotes() throws {
        let doubled = Self.json.replacingOccurrences(of: "\"", with: "\"\"")
        let (appid, name) = try #require(Self.first(doubled))
        #expect(appid == 500)
        #expect(name == Self.expected)
    }

    @Test func nullNameKnownGameAndNoGame() throws {
        #expect(try #require(Self.first(#"{"appid":10,"name":null,"share":0.5}"#)).name == "")
        #expect(try #require(Self.first(#"{""appid"":10,""name"":null}"#)).name == "")
        let known = try #require(Self.first(Self.json, known: [500]))
        #expect(known.appid == 500 && known.name == nil, "a known game's name is not decoded again")
        #expect(Self.first("") == nil)
    }

    @Test func malformedEscapesStayAsTheyAre() throws {
        #expect(try #require(Self.first(#"{"appid":1,"name":"a\uZZ b"}"#)).name == #"a\uZZ b"#)
        #expect(try #require(Self.first(#"{"appid":1,"name":"lone \ud800 half"}"#)).name == "lone \u{FFFD} half")
    }
}
