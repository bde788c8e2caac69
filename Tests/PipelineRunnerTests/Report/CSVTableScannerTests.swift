import Foundation
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct CSVTableScannerTests {
    func scan(_ text: String, columns: [String], chunk: Int? = nil) throws -> [[String]] {
        let url = try RepositoryPaths.temporaryDirectory("csv-scan").appendingPathComponent("t.csv")
        try Data(text.utf8).write(to: url)
        var rows: [[String]] = []
        try CSVTableScanner.scan(url, columns: columns) { row in rows.append(columns.indices.map { row.string($0) }) }
        return rows
    }

    @Test func readsQuotedFieldsCRLFAndMissingColumns() throws {
        let text = "a,b,c\r\n1,\"x,\"\"y\"\"\nz\",3\r\n,,\r\n4,plain,\"\"\r\n"
        let rows = try scan(text, columns: ["c", "b", "missing"])
        #expect(rows == [["3", "x,\"y\"\nz", ""], ["", "", ""], ["", "plain", ""]])
    }

    @Test func numbersAreParsedExactly() throws {
        let url = try RepositoryPaths.temporaryDirectory("csv-scan").appendingPathComponent("n.csv")
        try Data("v\n0.001\n-12.5\n7\n\nabc\n1e3\n".utf8).write(to: url)
        var values: [Double?] = []
        try CSVTableScanner.scan(url, columns: ["v"]) { values.append($0.double(0)) }
        #expect(values == [0.001, -12.5, 7, nil, 1000])
    }

    @Test func missingFileIsReportedNotThrown() throws {
        let found = try CSVTableScanner.scan(URL(fileURLWithPath: "/nonexistent/x.csv"), columns: ["a"]) { _ in }
        #expect(!found)
    }

    @Test func recordsSpanningChunksAreWhole() throws {
        // Longer than one 8 MiB chunk, with quoted fields across the boundary.
        var text = "id,note\n"
        for i in 0..<150_000 { text += "\(i),\"line \(i), with \"\"quotes\"\" and padding padding padding\"\n" }
        let url = try RepositoryPaths.temporaryDirectory("csv-scan").appendingPathComponent("big.csv")
        try Data(text.utf8).write(to: url)
        var count = 0
        var ok = true
        try CSVTableScanner.scan(url, columns: ["id", "note"]) { row in
            if row.int(0) != count || row.string(1) != "line \(count), with \"quotes\" and padding padding padding" { ok = false }
            count += 1
        }
        #expect(count == 150_000)
        #expect(ok)
        #expect(text.utf8.count > CSVTableScanner.chunkSize)
    }
}
