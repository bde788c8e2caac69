import JSONPullReader
import Testing

@Suite struct JSONPullReaderStringFieldsTests {
    func fields(_ text: String) -> [String?]? {
        Array(text.utf8).withUnsafeBytes { JSONPullReader.stringFields(of: $0, keys: ["from", "to"]) }
    }

    @Test func readsWantedStringsAndSkipsTheRest() {
        #expect(fields(#"{"x":[1,{"y":null}],"to":"b\u00e9","from":"a"}"#)! == ["a", "bé"])
        #expect(fields(#" {"from":"a","to":null} "#)! == ["a", nil])
        #expect(fields("{}")! == [nil, nil])
        #expect(fields(#"{"from":"a","from":"c"}"#)! == ["c", nil])
    }

    @Test func rejectsWhatIsNotAFlatStringObject() {
        #expect(fields(#"{"from":1}"#) == nil)
        #expect(fields(#"{"to":["a"]}"#) == nil)
        #expect(fields(#"["from"]"#) == nil)
        #expect(fields(#"{"from":"a""#) == nil)
        #expect(fields(#"{"from":"a"} x"#) == nil)
        #expect(fields("") == nil)
    }
}
