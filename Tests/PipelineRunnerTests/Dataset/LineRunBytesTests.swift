import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct LineRunBytesTests {
    /// The byte ranges of a text's lines (line feed included; the last may lack one).
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            ranges.append(start..<(i + 1))
            start = i + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// Chosen lines as runs: adjacent chosen lines merged into one run.
    static func runs(of lines: [Range<Int>], chosen: [Bool]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for (line, keep) in zip(lines, chosen) where keep {
            if let last = runs.last, last.upperBound == line.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<line.upperBound
            } else {
                runs.append(line)
            }
        }
        return runs
    }

    /// Reads every chunk of `reader` into one array, checking each chunk ends on a line feed (but the last).
    static func drain(_ reader: inout ChunkedLineReader) throws -> (bytes: [UInt8], firstLines: [Int]) {
        var all: [UInt8] = [], firstLines: [Int] = [], buffer: [UInt8] = []
        while let first = try reader.next(into: &buffer) {
            firstLines.append(first)
            all += buffer
        }
        return (all, firstLines)
    }

    /// Runs of lines read exactly as a file holding only those lines would be: same bytes, chunks that end on lines,
    /// numbered through the runs; for chunk sizes below, around and above the lines, for short runs that share a
    /// window and lines longer than the window (read past it), with and without the file's final newline, and with
    /// CRLF lines.
    @Test(arguments: [7, 4096, 2 << 20])
    func runsReadAsACopyOfTheirLines(chunkSize: Int) throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SeededGenerator(seed: 11)
        var text: [UInt8] = []
        for n in 0..<8_000 {
            let width = n % 3001 == 1000 ? 1_200_000 : Int.random(in: 0...200, using: &generator)
            text += Array(repeating: UInt8(ascii: "z"), count: width) + Array("\(n)".utf8) + (n % 7 == 0 ? [0x0D, 0x0A] : [0x0A])
        }
        for (name, body) in [("final.jsonl", text), ("open.jsonl", text + Array("last".utf8))] {
            let url = dir.appendingPathComponent(name)
            try Data(body).write(to: url)
            let lines = Self.lineRanges(body)
            for share in [0.0, 0.05, 0.5, 1.0] {
                let chosen = lines.map { _ in Double.random(in: 0..<1, using: &generator) < share }
                let runs = Self.runs(of: lines, chosen: chosen)
                let expected = runs.flatMap { body[$0] }
                var reader = try ChunkedLineReader(url: url, runs: runs[...], chunkSize: chunkSize)
                let (got, firstLines) = try Self.drain(&reader)
                #expect(got == expected, "\(name) share \(share) chunk \(chunkSize)")
                var copy = try ChunkedLineReader(url: try Self.write(expected, in: dir), chunkSize: chunkSize)
                #expect(try Self.drain(&copy).firstLines == firstLines, "\(name) share \(share) chunk \(chunkSize)")
            }
        }
    }

    static func write(_ bytes: [UInt8], in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("copy.jsonl")
        try Data(bytes).write(to: url)
        return url
    }

    /// A run that does not start at a line, does not end at one, or ends past the file is refused with what is
    /// wrong, never read as part of a line.
    @Test(arguments: [
        (2..<6, "does not start at a line"),
        (0..<6, "does not end at a line's end"),
        (4..<8, "does not end at a line's end"),
        (12..<30, "ends past the file's 14 bytes"),
    ])
    func runsOffTheLinesAreRefused(run: Range<Int>, says: String) throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("t.jsonl")
        try "abc\nde\nfgh\nij\n".write(to: url, atomically: true, encoding: .utf8)
        #expect {
            var reader = try ChunkedLineReader(url: url, runs: [0..<4, run][...], chunkSize: 4096)
            _ = try Self.drain(&reader)
        } throws: { error in
            "\(error)".contains(says)
        }
    }
}
