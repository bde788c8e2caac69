import Testing
@testable import Geo

@Suite struct LocationCSVRecordsTests {
    private func parse(_ text: String) throws -> [[String]] {
        try LocationCSVRecords.parse(Array(text.utf8)).map(\.fields)
    }

    @Test func splitsPlainQuotedAndEmptyFields() throws {
        #expect(try parse("a,b,c\n") == [["a", "b", "c"]])
        #expect(try parse("a,,c") == [["a", "", "c"]])
        #expect(try parse("a,b,") == [["a", "b", ""]])
        #expect(try parse("\"x, y\",\"say \"\"hi\"\"\",\"\"\r\nz,São,\"multi\nline\"\n") ==
            [["x, y", "say \"hi\"", ""], ["z", "São", "multi\nline"]])
        #expect(try parse("\n\na\n\n") == [["a"]])
        #expect(try parse("") == [])
    }

    @Test func recordsCarryTheirStartingLine() throws {
        let records = try LocationCSVRecords.parse(Array("h\n\"two\nlines\"\n\nlast\n".utf8))
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test(arguments: [
        ("a,\"open\n", 1), ("a,b\"c\n", 1), ("ok\n\"x\"y,z\n", 2), ("a\rb\n", 1),
    ])
    func rejectsBrokenQuoting(text: String, line: Int) {
        #expect {
            try LocationCSVRecords.parse(Array(text.utf8))
        } throws: { error in
            (error as? LocationTableError).map { $0.code == "locations.malformedRow" && $0.line == line } ?? false
        }
    }
}
