import ArgumentParser
import Foundation
import PipelineRunner

/// `steam-mate bench ingest`: bundle-decoder throughput against in-process baselines.
struct BenchIngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Generate a profile-XML bundle and a GetOwnedGames JSONL bundle, decode them, print MB/s and peak RSS."
    )

    @Option(name: .customLong("xml-mb"), help: "Size of the profile-XML bundle in MB.")
    var xmlMegabytes: Double = 200

    @Option(name: .customLong("json-mb"), help: "Size of the GetOwnedGames JSONL bundle in MB.")
    var jsonMegabytes: Double = 100

    @Option(help: "Seed of the synthetic data.")
    var seed: UInt64 = 1

    @Option(help: "Write (and keep) the bundles here instead of a temporary directory.")
    var dir: String?

    @Option(name: .customLong("chunk-mb"), help: "JSONL read chunk size in MB.")
    var chunkMegabytes: Int = 8

    func validate() throws {
        guard xmlMegabytes > 0, jsonMegabytes > 0 else { throw ValidationError("sizes must be positive") }
        guard chunkMegabytes > 0 else { throw ValidationError("--chunk-mb must be positive") }
    }

    func run() throws {
        let report = try IngestBenchmark.run(IngestBenchmark.Options(
            xmlMegabytes: xmlMegabytes, jsonMegabytes: jsonMegabytes, seed: seed, directory: dir,
            chunkBytes: chunkMegabytes << 20))
        print(Self.render(report))
    }

    static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    static func render(_ report: IngestBenchmark.Report) -> String {
        var lines = [
            "bench ingest (release build recommended; files in the page cache)",
            "  profiles.xml       \(mb(report.xmlBytes)), \(report.xmlProfilesWritten) profiles",
            "  owned_games.jsonl  \(mb(report.jsonBytes)), \(report.jsonLinesWritten) envelopes, \(report.jsonGamesWritten) library rows",
        ]
        for m in report.measurements {
            let name = m.name.padding(toLength: 34, withPad: " ", startingAt: 0)
            var line = "  " + name + String(format: " %8.1f MB/s %8.1f MB/CPU-s  %7.3f s", m.megabytesPerSecond,
                                                    m.megabytesPerCPUSecond, m.seconds)
            if !m.name.contains("raw read") { line += "  items \(m.items), records \(m.records), errors \(m.errors)" }
            lines.append(line)
            if let first = m.firstError { lines.append("    first error: \(first)") }
        }
        func ratio(_ a: String, _ b: String) -> String {
            guard let x = report.measurement(a), let y = report.measurement(b), y.megabytesPerSecond > 0,
                  y.megabytesPerCPUSecond > 0 else { return "n/a" }
            return String(format: "%.2f (wall)  %.2f (CPU)", x.megabytesPerSecond / y.megabytesPerSecond,
                          x.megabytesPerCPUSecond / y.megabytesPerCPUSecond)
        }
        lines.append("  speed-up XML decoder vs XMLParser:          \(ratio(IngestBenchmark.xmlDecoderPass, IngestBenchmark.xmlParserPass))")
        lines.append("  speed-up JSONL decoder vs JSONSerialization: \(ratio(IngestBenchmark.jsonDecoderPass, IngestBenchmark.jsonSerializationPass))")
        lines.append("  share of I/O ceiling, XML decoder:          \(ratio(IngestBenchmark.xmlDecoderPass, IngestBenchmark.xmlRawPass))")
        lines.append("  share of I/O ceiling, JSONL decoder:        \(ratio(IngestBenchmark.jsonDecoderPass, IngestBenchmark.jsonRawPass))")
        if let x = report.measurement(IngestBenchmark.xmlDecoderPass), x.records != report.xmlProfilesWritten {
            lines.append("  WARNING: XML decoder produced \(x.records) profiles, \(report.xmlProfilesWritten) written")
        }
        if let j = report.measurement(IngestBenchmark.jsonDecoderPass), j.records != report.jsonGamesWritten {
            lines.append("  WARNING: JSONL decoder produced \(j.records) library rows, \(report.jsonGamesWritten) written")
        }
        lines.append("  peak RSS: after generation \(mb(report.peakRSSAfterGeneration)), after XML decoder \(mb(report.peakRSSAfterXML)), after JSONL decoder \(mb(report.peakRSSAfterJSON)), after baselines \(mb(report.peakRSSAfterBaselines))")
        return lines.joined(separator: "\n")
    }
}
