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

    /// `next(into:)` (the work queue's path, one recycled buffer) hands out the file in chunks that end on a line feed
    /// (the last one may not), each numbered by the line feeds before it, for chunk sizes below, around and above the
    /// line lengths, with and without a final newline.
    @Test func chunksEndOnLinesAndAreNumbered() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SeededGenerator(seed: 5)
        var text = ""
        for n in 0..<400 { text += String(repeating: "y", count: Int.random(in: 0...700, using: &generator)) + "\(n)\n" }
        for (name, body) in [("final.jsonl", text), ("open.jsonl", text + "last line")] {
            let url = dir.appendingPathComponent(name)
            try body.write(to: url, atomically: true, encoding: .utf8)
            let bytes = Array(body.utf8)
            for chunkSize in [1, 100, 1024, 1 << 20] {
                var reader = try ChunkedLineReader(url: url, chunkSize: chunkSize)
                var buffer: [UInt8] = []
                var offset = 0
                while let firstLine = try reader.next(into: &buffer) {
                    #expect(firstLine == 1 + bytes[..<offset].filter { $0 == 0x0A }.count, "\(name), chunk size \(chunkSize)")
                    #expect(buffer[...] == bytes[offset..<offset + buffer.count], "\(name), chunk size \(chunkSize)")
                    offset += buffer.count
                    #expect(buffer.last == 0x0A || offset == bytes.count)
                }
                #expect(try reader.next(into: &buffer) == nil)
                #expect(offset == bytes.count)
            }
        }
    }

    /// A byte range reads the lines that start in it, numbered as in the whole file: adjacent ranges hold every line
    /// exactly once, for cuts anywhere (on a line feed, just after one, inside a line longer than a piece, at the
    /// ends), with and without a final newline, empty lines and CRLF, and any chunk size (`convert --files-shard`
    /// deals a bundle's pieces to different tasks).
    @Test func byteRangesReadTheLinesStartingInThem() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SeededGenerator(seed: 11)
        var text = ""
        for n in 0..<300 {
            let length = n % 50 == 7 ? 5_000 : Int.random(in: 0...200, using: &generator)
            text += String(repeating: "z", count: length) + (n % 3 == 0 ? "\r\n" : n % 11 == 0 ? "\n\n" : "\n")
        }
        for (name, body) in [("final.jsonl", text), ("open.jsonl", text + "tail without a newline"), ("one.jsonl", "x"),
                             ("empty.jsonl", "")] {
            let url = dir.appendingPathComponent(name)
            try body.write(to: url, atomically: true, encoding: .utf8)
            let bytes = Array(body.utf8)
            // The whole file's lines as (first byte, number, bytes with their line feed).
            var lines: [(start: Int, number: Int, bytes: ArraySlice<UInt8>)] = []
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
                lines.append((start, lines.count + 1, bytes[start..<end]))
                start = end
            }
            var cutSets: [[Int]] = [[0, bytes.count]]
            for pieces in 2...7 { cutSets.append((0...pieces).map { bytes.count * $0 / pieces }) }
            for _ in 0..<20 {
                let inner = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
                cutSets.append(([0, bytes.count] + inner).sorted())
            }
            let feeds = bytes.indices.filter { bytes[$0] == 0x0A }
            cutSets.append([0] + feeds.prefix(10) + [bytes.count])
            cutSets.append([0] + feeds.prefix(10).map { $0 + 1 } + [bytes.count])
            for cuts in cutSets {
                for chunkSize in [7, 64, 4096, 1 << 20] {
                    var seen: [(Int, ArraySlice<UInt8>)] = []
                    for k in 0..<cuts.count - 1 {
                        let range = cuts[k]..<cuts[k + 1]
                        var reader = try ChunkedLineReader(url: url, chunkSize: chunkSize, byteRange: range)
                        var buffer: [UInt8] = []
                        var piece: [(Int, ArraySlice<UInt8>)] = []
                        while let firstLine = try reader.next(into: &buffer) {
                            var at = 0
                            var number = firstLine
                            while at < buffer.count {
                                let end = buffer[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? buffer.count
                                piece.append((number, buffer[at..<end]))
                                number += 1
                                at = end
                            }
                        }
                        let expected = lines.filter { range.contains($0.start) }
                        #expect(piece.map(\.0) == expected.map(\.number), "\(name) \(cuts) piece \(k) chunk \(chunkSize)")
                        #expect(piece.map { Array($0.1) } == expected.map { Array($0.bytes) }, "\(name) \(cuts) piece \(k)")
                        seen += piece
                    }
                    #expect(seen.count == lines.count, "\(name) \(cuts) chunk \(chunkSize)")
                }
            }
        }
    }
}
