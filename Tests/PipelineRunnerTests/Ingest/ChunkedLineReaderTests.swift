import Foundation
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct ChunkedLineReaderTests {
    /// One line far longer than the chunk size comes out whole, once, with the right line numbers around it
    /// (the reader used to re-copy and re-scan the carried bytes on every read: quadratic in the line length).
    @Test func aLineLongerThanManyChunksComesOutWhole() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let url = dir.appendingPathComponent("long.jsonl")
        let long = String(repeating: "x", count: 300_000)
        try "a\n\(long)\nb\nc".write(to: url, atomically: true, encoding: .utf8)
        var reader = try ChunkedLineReader(url: url, chunkSize: 1024)
        var lines: [(String, Int)] = []
        while let chunk = try reader.next() {
            let text = String(decoding: chunk.bytes, as: UTF8.self)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                lines.append((String(line), chunk.firstLine + offset))
            }
        }
        #expect(lines.map(\.0) == ["a", long, "b", "c"])
        #expect(lines.map(\.1) == [1, 2, 3, 4])
    }
}
