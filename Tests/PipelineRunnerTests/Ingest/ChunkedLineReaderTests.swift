import Foundation
import PipelineCore
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

    /// `next(into:)` (the work queue's path, one recycled buffer) gives the same chunks and first-line numbers
    /// as `next()`, for chunk sizes below, around and above the line lengths, with and without a final newline.
    @Test func reusedBufferGivesTheSameChunks() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SeededGenerator(seed: 5)
        var text = ""
        for n in 0..<400 { text += String(repeating: "y", count: Int.random(in: 0...700, using: &generator)) + "\(n)\n" }
        for (name, body) in [("final.jsonl", text), ("open.jsonl", text + "last line")] {
            let url = dir.appendingPathComponent(name)
            try body.write(to: url, atomically: true, encoding: .utf8)
            for chunkSize in [1, 100, 1024, 1 << 20] {
                var plain = try ChunkedLineReader(url: url, chunkSize: chunkSize)
                var reused = try ChunkedLineReader(url: url, chunkSize: chunkSize)
                var buffer: [UInt8] = []
                var total = 0
                while let chunk = try plain.next() {
                    let firstLine = try reused.next(into: &buffer)
                    #expect(firstLine == chunk.firstLine, "\(name), chunk size \(chunkSize)")
                    #expect(buffer == chunk.bytes, "\(name), chunk size \(chunkSize)")
                    total += buffer.count
                }
                #expect(try reused.next(into: &buffer) == nil)
                #expect(total == body.utf8.count)
            }
        }
    }
}
