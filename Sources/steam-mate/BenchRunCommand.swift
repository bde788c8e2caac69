import ArgumentParser
import Foundation
import Glibc
import PipelineRunner

/// `steam-mate bench run --players N`: the nightly run end to end. Generates a seeded bundle dataset, writes a
/// pipeline with every stage (normalize, pair k 20 with exposure cap 3, match, trade within 150 km, CSV +
/// JSONL), and runs it with this binary's own `run` command as a child process, so the figures are those of
/// the command users run (its peak RSS is not inflated by the generator). Prints each stage's wall, CPU,
/// peak RSS and bytes written (from `.<output>.timings.json`), the child's totals, and a same-run baseline:
/// one plain read of every input byte.
struct BenchRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Generate a seeded dataset and time `steam-mate run` on it, every stage, per stage."
    )

    @Option(help: "Number of synthetic players.")
    var players: Int = 100_000

    @Option(help: "Seed of the synthetic data.")
    var seed: UInt64 = 7

    @Option(help: "Work directory (input/, output/, bench.yml); reused if input/ already exists. Default: a temporary directory.")
    var dir: String?

    @Option(help: "The location table (default: the shipped table, found as `run` finds it).")
    var locations: String?

    @Option(help: "Worker threads of the run (0 = all cores).")
    var threads: Int = 0

    func validate() throws {
        guard players > 0 else { throw ValidationError("--players must be positive") }
    }

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        // Checked before anything is made: a table the child run could not load would only fail after that.
        let locationPath = try BenchLocationTable.path(locations)
        _ = try BenchLocationTable.load(locationPath)
        let work = try BenchWorkspace.directory(dir, benchmark: "run")
        let input = work.appendingPathComponent("input")
        let output = work.appendingPathComponent("output")
        let locationTable = URL(fileURLWithPath: locationPath, relativeTo: cwd).standardizedFileURL
        print("bench run: \(players) players, seed \(seed), threads \(threads) (release build recommended)")
        try BenchWorkspace.bundleInput(at: input, players: players, seed: seed)
        let pipeline = work.appendingPathComponent("bench.yml")
        try """
            name: bench
            input: \(input.path)
            output: \(output.path)
            locations: \(locationTable.path)
            formats: [csv, jsonl]
            threads: \(threads)
            stages:
              normalize: {}
              pair:
                k: 20
                exposure_cap: 3
              match: {}
              trade:
                max_distance_km: 150

            """.write(to: pipeline, atomically: true, encoding: .utf8)

        let baseline = try Self.readAll(input)
        print(String(format: "  baseline   read every input byte once: %.1f MB in %.2f s = %.0f MB/s", Double(baseline.bytes) / 1_048_576,
                     baseline.seconds, Double(baseline.bytes) / 1_048_576 / max(baseline.seconds, 1e-9)))

        let child = try ChildRun.run(ChildRun.selfExecutable, ["run", pipeline.path], discardStdout: false)
        print(String(format: "  run        exit %d, %.2f s wall, %.2f s CPU, peak RSS %.2f GiB (child process, wait4)",
                     child.status, child.wall, child.cpu, Double(child.peakRSS) / Double(1 << 30)))
        let timingsURL = work.appendingPathComponent(".output.timings.json")
        let timings = try JSONDecoder().decode(StageTimings.self, from: Data(contentsOf: timingsURL))
        print("  stage       wall s    CPU s   CPU/wall  peak RSS    stage peak    written")
        for stage in timings.stages {
            let figures = String(format: " %7.2f  %7.2f   %5.2f     ", stage.wallSeconds, stage.cpuSeconds,
                                 stage.cpuSeconds / max(stage.wallSeconds, 1e-9))
            print("  " + stage.stage.padding(toLength: 10, withPad: " ", startingAt: 0) + figures
                  + StageTimings.Stage.size(stage.peakRSSBytes).padding(toLength: 12, withPad: " ", startingAt: 0)
                  + (stage.stagePeakRSSBytes.map(StageTimings.Stage.size) ?? "-").padding(toLength: 12, withPad: " ", startingAt: 0) + "  "
                  + StageTimings.Stage.size(stage.bytesWritten))
        }
        if let ingest = timings.stages.first(where: { $0.stage == "ingest" }) {
            let rate = Double(baseline.bytes) / 1_048_576 / max(ingest.wallSeconds, 1e-9)
            print(String(format: "  ingest reads %.0f MB/s end to end = %.2f× the plain read", rate,
                         ingest.wallSeconds > 0 ? baseline.seconds / ingest.wallSeconds : 0))
        }
        if child.status != 0 && child.status != 1 { throw ExitCode(child.status) }
    }

    /// Reads every file under `root` once in 8 MiB chunks (the floor any ingest has to pay).
    static func readAll(_ root: URL) throws -> (bytes: Int, seconds: Double) {
        let start = ProcessClock.now()
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 8 << 20)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let fd = open(url.path, O_RDONLY)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            while true {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                total += n
            }
        }
        return (total, ProcessClock.now().wall - start.wall)
    }
}
