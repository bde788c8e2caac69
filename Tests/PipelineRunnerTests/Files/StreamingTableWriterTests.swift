import Emit
import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct StreamingTableWriterTests {
    static let table: Table = {
        var table = Table(name: "mixed", columns: ["id", "text", "n", "x", "flag", "list", "object"])
        for i in 0..<23 {
            table.append([
                .id(76_561_197_960_265_728 + UInt64(i)), .string(i % 3 == 0 ? "comma, \"quote\"\nline \u{1}" : "plain \(i)"),
                .int(Int64(i) * -7), .fixed(Double(i) / 3, places: 2), .bool(i % 2 == 0),
                .list([.int(Int64(i)), .string("a;b")]), .object([.init("k", .optional(i % 4 == 0 ? nil : "v"))]),
            ])
        }
        return table
    }()

    /// Any chunk size and any number of renderers (1, 2, 3 and more than there are chunks) give the same bytes.
    @Test(arguments: [1, 2, 5, 23, 100], [1, 2, 3, 32])
    func chunkedFilesEqualTheWholeTableRendering(rowsPerChunk: Int, workers: Int) throws {
        let directory = try RepositoryPaths.temporaryDirectory("streaming")
        let entries = try StreamingTableWriter.write(StreamedTable(Self.table, rowsPerChunk: rowsPerChunk),
                                                     formats: TableFormat.allCases, into: directory, workers: workers)
        let expected = TableFiles.render([Self.table], formats: TableFormat.allCases)
        #expect(entries.map(\.path) == expected.map(\.path))
        for (entry, file) in zip(entries, expected) {
            let written = try Array(Data(contentsOf: directory.appendingPathComponent(file.path)))
            #expect(written == file.bytes, "\(file.path)")
            #expect(entry.bytes == file.bytes.count)
            #expect(entry.sha256 == SHA256.hex(of: file.bytes))
            #expect(entry.rows == 23)
        }
    }

    @Test func emptyTableHasOnlyTheCSVHeader() throws {
        let directory = try RepositoryPaths.temporaryDirectory("streaming-empty")
        let empty = Table(name: "empty", columns: ["a", "b"])
        let entries = try StreamingTableWriter.write(StreamedTable(empty), formats: TableFormat.allCases, into: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("empty.csv"), encoding: .utf8) == "a,b\r\n")
        #expect(entries.map(\.bytes) == [5, 0])
    }
}
