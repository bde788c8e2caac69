import Foundation
import Glibc
import PipelineRunner

/// What the end-to-end benchmarks (`bench run`, `bench convert`) share: their work directory and the
/// seeded bundle dataset they read.
enum BenchWorkspace {
    /// `dir` resolved against the current directory, else a per-process temporary directory named after
    /// the benchmark; created if missing.
    static func directory(_ dir: String?, benchmark: String) throws -> URL {
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath)
        let work = dir.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL }
            ?? fm.temporaryDirectory.appendingPathComponent("steam-mate-bench-\(benchmark)-\(getpid())")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        return work
    }

    /// The seeded bundle dataset at `input`: reused when it exists, else generated there (`generate
    /// --bundles`). Prints one line saying which, with the generator's time and size (MB = 10^6 bytes).
    static func bundleInput(at input: URL, players: Int, seed: UInt64) throws {
        if FileManager.default.fileExists(atPath: input.path) {
            print("  input      reused \(input.path)")
            return
        }
        let start = ProcessClock.now()
        let summary = try SyntheticDatasetWriter.write(
            SyntheticDatasetWriter.Options(players: players, seed: seed, bundles: true, steamFixturesDirectory: nil),
            to: input.path)
        let end = ProcessClock.now()
        print(String(format: "  generate   %.2f s wall, %.2f s CPU, %d files, %.1f MB", end.wall - start.wall,
                     end.cpu - start.cpu, summary.files, Double(summary.bytes) / 1e6))
    }
}
