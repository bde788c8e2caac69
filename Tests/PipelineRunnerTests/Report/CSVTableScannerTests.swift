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

@Suite struct CSVTableScannerParallelTests {
    /// Every record of `text` as (first requested column, second) pairs, by the sequential and the parallel scan.
    func both(_ text: String, workers: Int, chunk: Int) throws -> (sequential: [[String]], parallel: [[String]]) {
        let url = try RepositoryPaths.temporaryDirectory("csv-scan-parallel").appendingPathComponent("t.csv")
        try Data(text.utf8).write(to: url)
        var sequential: [[String]] = []
        try CSVTableScanner.scan(url, columns: ["id", "note"], chunkSize: chunk) { sequential.append([$0.string(0), $0.string(1)]) }
        let parts = try CSVTableScanner.scanInParallel(url, columns: ["id", "note"], workers: workers, chunkSize: chunk,
                                                       initial: { [[String]]() }) { rows, row in rows.append([row.string(0), row.string(1)]) }
        return (sequential, (parts ?? []).flatMap { $0 })
    }

    @Test(arguments: [1, 2, 3, 7])
    func rangesGiveTheSequentialRecords(workers: Int) throws {
        // Quoted fields full of line breaks, so many speculative range starts fall inside a field.
        var text = "id,note\n"
        for i in 0..<3_000 {
            let note = i % 3 == 0 ? "\"multi\nline \(i)\n\"\"quoted\"\"\n,\n\"" : "plain \(i)"
            text += "\(i),\(note)\n"
        }
        let (sequential, parallel) = try both(text, workers: workers, chunk: 512)
        #expect(sequential.count == 3_000)
        #expect(sequential.first == ["0", "multi\nline 0\n\"quoted\"\n,\n"])
        #expect(parallel == sequential)
    }

    @Test func aFieldThatIsAllLineBreaksForcesTheSequentialFallback() throws {
        // One huge quoted field spans every range's start: the parallel scan must fall back and still agree.
        let text = "id,note\n1,\"" + String(repeating: "x\n", count: 20_000) + "\"\n2,end\n"
        let (sequential, parallel) = try both(text, workers: 4, chunk: 256)
        #expect(sequential.map { $0[0] } == ["1", "2"])
        #expect(parallel == sequential)
    }

    @Test func emptyAndHeaderOnlyFiles() throws {
        for text in ["", "id,note\n", "id,note"] {
            let (sequential, parallel) = try both(text, workers: 3, chunk: 64)
            #expect(sequential.isEmpty)
            #expect(parallel.isEmpty)
        }
    }
}
