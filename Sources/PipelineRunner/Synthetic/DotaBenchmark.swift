import Foundation
import Emit
import PipelineCore
import SyntheticData

/// `bench dota`: writes `matches` seeded GetMatchDetails envelopes as a JSONL dataset, then runs what a user
/// runs, `convert DATASET --out OUT` (scan, parallel decode, merge by match id, stats, progress, the five Dota
/// tables, CSV/JSONL rendering, atomic publish), and in the same process the baseline: Foundation
/// `JSONSerialization` on every line of the same file (parsing only, no tables).
public enum DotaBenchmark {
    public struct Options: Sendable {
        public var matches: Int
        public var seed: UInt64
        public var formats: [TableFormat]
        /// Where to write the dataset and output (kept); `nil` = a temporary directory, removed afterwards.
        public var directory: String?
        public var threads: Int
        public var skipBaseline: Bool

        public init(matches: Int, seed: UInt64 = 1, formats: [TableFormat] = [.csv], directory: String? = nil, threads: Int = 0,
                    skipBaseline: Bool = false) {
            self.matches = matches
            self.seed = seed
            self.formats = formats
            self.directory = directory
            self.threads = threads
            self.skipBaseline = skipBaseline
        }
    }

    public struct Report: Sendable {
        public var bytes = 0
        public var generationSeconds = 0.0
        public var convert: IngestBenchmark.Measurement?
        public var baseline: IngestBenchmark.Measurement?
        public var rows: [String: Int] = [:]
        public var errors = 0
        public var peakRSSAfterGeneration = 0
        public var peakRSSAfterConvert = 0
        public var peakRSSAfterBaseline = 0
    }

    public static let convertPass = "convert (dataset → dota_* tables)"

    public static func run(_ options: Options) throws -> Report {
        let (directory, temporary) = try IngestBenchmark.workingDirectory(options.directory, label: "dota")
        defer { if temporary { try? FileManager.default.removeItem(at: directory) } }
        let dataset = directory.appendingPathComponent("dataset")
        try FileManager.default.createDirectory(at: dataset, withIntermediateDirectories: true)
        let bundle = dataset.appendingPathComponent("match_details.jsonl").path

        var report = Report()
        let start = ContinuousClock.now
        report.bytes = try write(bundle: bundle, matches: options.matches, seed: options.seed)
        report.generationSeconds = IngestBenchmark.seconds(since: start)
        report.peakRSSAfterGeneration = IngestBenchmark.peakRSSBytes()

        var outcome: PipelineRun.Outcome?
        report.convert = try IngestBenchmark.timed {
            let clock = ContinuousClock.now
            let job = ConvertJob(inputs: [dataset.path], output: directory.appendingPathComponent("out").path,
                                 formats: options.formats, threads: options.threads, baseDirectory: directory)
            outcome = try job.execute(diagnostics: DiagnosticLog())
            return IngestBenchmark.Measurement(name: convertPass, bytes: report.bytes, seconds: IngestBenchmark.seconds(since: clock),
                                               items: outcome!.summary.documents, records: 0, errors: outcome!.summary.errors,
                                               firstError: outcome!.diagnostics.first?.description)
        }
        report.peakRSSAfterConvert = IngestBenchmark.peakRSSBytes()
        if let outcome {
            report.errors = outcome.summary.errors
            if let manifest = try? Data(contentsOf: outcome.outputDirectory.appendingPathComponent("manifest.json")),
               let object = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any],
               let files = object["files"] as? [[String: Any]] {
                for file in files {
                    if let path = file["path"] as? String, path.hasPrefix("dota_"), let rows = file["rows"] as? Int { report.rows[path] = rows }
                }
            }
        }
        if !options.skipBaseline {
            report.baseline = try IngestBenchmark.timed { try IngestBenchmark.serializationBaseline(path: bundle, chunkBytes: 8 << 20) }
        }
        report.peakRSSAfterBaseline = IngestBenchmark.peakRSSBytes()
        return report
    }

    /// Writes the bundle in 4 MB blocks; returns its size in bytes.
    static func write(bundle path: String, matches: Int, seed: UInt64) throws -> Int {
        let out = try BufferedFileWriter(path: path)
        let generator = SyntheticDotaMatches(seed: seed)
        var block: [UInt8] = []
        block.reserveCapacity(5 << 20)
        for index in 0..<matches {
            generator.appendLine(index: index, to: &block)
            if block.count >= 4 << 20 {
                try out.write(bytes: block)
                block.removeAll(keepingCapacity: true)
            }
        }
        try out.write(bytes: block)
        try out.close()
        return out.bytesWritten
    }
}
