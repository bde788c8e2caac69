import Foundation
import Testing
@testable import PipelineRunner

@Suite struct IngestBenchmarkTests {
    @Test func harnessWritesBundlesOfTheRequestedSizeAndMeasuresEveryPass() throws {
        let tmp = try makeTemporaryDirectory("bench")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let report = try IngestBenchmark.run(.init(xmlMegabytes: 0.25, jsonMegabytes: 0.25, seed: 4,
                                                   directory: tmp.path, chunkBytes: 64 << 10))
        let xmlSize = try #require(FileManager.default.attributesOfItem(atPath: tmp.path + "/profiles.xml")[.size] as? Int)
        let jsonSize = try #require(FileManager.default.attributesOfItem(atPath: tmp.path + "/owned_games.jsonl")[.size] as? Int)
        #expect(report.xmlBytes == xmlSize && xmlSize >= 262_144 && xmlSize < 262_144 + 16_384)
        #expect(report.jsonBytes == jsonSize && jsonSize >= 262_144 && jsonSize < 262_144 + 65_536)
        #expect(report.xmlProfilesWritten > 50)
        let names = report.measurements.map(\.name)
        #expect(names == [IngestBenchmark.xmlRawPass, IngestBenchmark.xmlDecoderPass, IngestBenchmark.jsonRawPass,
                          IngestBenchmark.jsonDecoderPass, IngestBenchmark.xmlParserPass,
                          IngestBenchmark.jsonSerializationPass])
        #expect(report.measurement(IngestBenchmark.xmlRawPass)?.bytes == xmlSize)
        let parser = try #require(report.measurement(IngestBenchmark.xmlParserPass))
        #expect(parser.errors == 0 && parser.records == report.xmlProfilesWritten)
        #expect(report.measurement(IngestBenchmark.jsonDecoderPass)?.bytes == jsonSize)
        let baseline = try #require(report.measurement(IngestBenchmark.jsonSerializationPass))
        #expect(baseline.items == report.jsonLinesWritten && baseline.errors == 0)
        #expect(baseline.records == report.jsonGamesWritten)
        #expect(report.peakRSSAfterBaselines >= report.peakRSSAfterJSON && report.peakRSSAfterJSON >= report.peakRSSAfterGeneration)
        #expect(report.peakRSSAfterGeneration > 0)
    }

    @Test func lineChunksSplitAtNewlinesAndNumberLines() throws {
        let tmp = try makeTemporaryDirectory("chunks")
        defer { try? FileManager.default.removeItem(at: tmp) }
        // Lines longer than the buffer force it to grow; the last line has no newline.
        let lines = (1...40).map { String(repeating: "x", count: $0 * 300) + "#\($0)" }
        let path = tmp.path + "/lines.jsonl"
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var seen: [(Int, String)] = []
        let bytes = try IngestBenchmark.forEachLineChunk(path: path, chunkBytes: 4_096) { chunk, firstLine in
            let text = String(decoding: chunk, as: UTF8.self)
            #expect(text.hasSuffix("\n") || text.hasSuffix("#40"))
            for (k, line) in text.split(separator: "\n").enumerated() { seen.append((firstLine + k, String(line))) }
        }
        #expect(bytes == lines.joined(separator: "\n").utf8.count)
        #expect(seen.map(\.0) == Array(1...40))
        #expect(seen.map(\.1) == lines)
    }
}
