import ArgumentParser
import Emit
import Foundation
import PipelineRunner

/// `steam-mate bench dota`: end-to-end Dota 2 conversion throughput against a same-run baseline.
struct BenchDotaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dota",
        abstract: "Generate seeded GetMatchDetails envelopes, run convert on them into the dota_* tables, print MB/s, CPU s and peak RSS."
    )

    @Option(help: "Matches to generate.")
    var matches = 1_000_000

    @Option(help: "Seed of the synthetic matches.")
    var seed: UInt64 = 1

    @Option(help: "Output formats of the convert pass: csv, jsonl or both (comma-separated).")
    var formats = "csv"

    @Option(help: "Write (and keep) the dataset and output here instead of a temporary directory.")
    var dir: String?

    @Option(help: "Worker threads (0 = all cores).")
    var threads = 0

    @Flag(help: "Skip the JSONSerialization baseline.")
    var skipBaseline = false

    func validate() throws {
        guard matches > 0 else { throw ValidationError("--matches must be positive") }
        guard !ConvertCommand.parse(formats: formats).isEmpty else { throw ValidationError("--formats takes csv, jsonl or csv,jsonl") }
    }

    func run() throws {
        let report = try DotaBenchmark.run(DotaBenchmark.Options(
            matches: matches, seed: seed, formats: ConvertCommand.parse(formats: formats), directory: dir, threads: threads,
            skipBaseline: skipBaseline))
        let mb = BenchIngestCommand.mb
        var lines = [
            "bench dota (release build recommended; the bundle is in the page cache)",
            "  match_details.jsonl  \(mb(report.bytes)), \(matches) matches, written in \(String(format: "%.1f", report.generationSeconds)) s",
        ]
        for m in [report.convert, report.baseline].compactMap({ $0 }) {
            lines.append("  " + m.name.padding(toLength: 36, withPad: " ", startingAt: 0)
                         + String(format: " %8.1f MB/s %8.1f MB/CPU-s  %7.3f s  %7.2f CPU s", m.megabytesPerSecond, m.megabytesPerCPUSecond,
                                  m.seconds, m.cpuSeconds))
        }
        if let c = report.convert, let b = report.baseline, b.megabytesPerSecond > 0, b.megabytesPerCPUSecond > 0 {
            lines.append(String(format: "  convert vs JSONSerialization: %.2f× (wall)  %.2f× (CPU)", c.megabytesPerSecond / b.megabytesPerSecond,
                                c.megabytesPerCPUSecond / b.megabytesPerCPUSecond))
        }
        for (path, rows) in report.rows.sorted(by: { $0.key < $1.key }) { lines.append("  \(path): \(rows) rows") }
        lines.append("  input errors: \(report.errors)")
        lines.append("  peak RSS: after generation \(mb(report.peakRSSAfterGeneration)), after convert \(mb(report.peakRSSAfterConvert)), after baseline \(mb(report.peakRSSAfterBaseline))")
        print(lines.joined(separator: "\n"))
    }
}
