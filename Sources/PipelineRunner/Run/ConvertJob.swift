import Emit
import Foundation
import Normalize
import PipelineCore

/// `steam-mate convert PATH... --out DIR`: one-shot conversion of files and dataset directories into the
/// canonical dataset, with the same files the `normalize` stage of a run writes.
public struct ConvertJob: Sendable {
    public var inputs: [String]
    public var output: String
    public var formats: [TableFormat]
    public var locations: String?
    public var threads: Int
    public var baseDirectory: URL
    /// Replace a non-empty output that is not ours, publish an empty dataset, lock wait.
    public var policy = PublishPolicy()
    /// Called as each stage ends (the CLI prints its `line` on stderr).
    public var reportStage: @Sendable (StageTimings.Stage) -> Void = { _ in }
    /// Called as ingest consumes input (for a progress display).
    public var ingestProgress: (@Sendable (DatasetIngestor.IngestProgress) -> Void)?

    public init(inputs: [String], output: String, formats: [TableFormat] = TableFormat.allCases, locations: String? = nil,
                threads: Int = 0, baseDirectory: URL) {
        self.inputs = inputs
        self.output = output
        self.formats = formats
        self.locations = locations
        self.threads = threads
        self.baseDirectory = baseDirectory
    }

    public func execute(diagnostics: DiagnosticLog) throws -> PipelineRun.Outcome {
        let resolve = { (path: String) in path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path) }
        try OutputGuard.preflight(output: resolve(output), inputs: inputs.map(resolve), policy: policy, displayPath: output)
        var files: [DatasetFile] = []
        for input in inputs {
            let prefix = InputDisplayName.of(input)
            files += DatasetScanner.scan(root: resolve(input), displayPrefix: prefix, diagnostics: diagnostics)
        }
        let locator = try locations.map { try LocationLoader.load(path: $0, resolve: resolve) }
        var timings = StageTimings()
        let ingested = timings.measure("ingest") {
            DatasetIngestor(threads: threads, progress: ingestProgress).ingest(files, locator: locator ?? nil, diagnostics: diagnostics)
        }
        reportStage(timings.stages.last!)
        try EmptyInputGuard.check(records: ingested.usableRecords, filesRead: ingested.filesRead,
                                  input: inputs.joined(separator: " "), policy: policy)
        let sorted = diagnostics.sorted()
        let summary = RunSummary(pipeline: "convert", ingested: ingested, diagnostics: sorted, stages: [:])
        let target = resolve(output)
        var tables = DatasetTables.streamedTables(for: ingested.dataset)
        DotaOutput.extend(&tables, with: ingested.dota, players: ingested.dataset)
        let entries = try timings.measure("write", written: { (entries: [RunManifest.Entry]) in entries.reduce(0) { $0 + $1.bytes } }) {
            try OutputAssembler.publish(tables: tables, extraFiles: [], formats: formats, summary: summary,
                                        diagnostics: sorted, to: target, policy: policy)
        }
        reportStage(timings.stages.last!)
        PipelineRun.recordTimings(timings, beside: target)
        return PipelineRun.Outcome(summary: summary, diagnostics: sorted, outputDirectory: target, files: entries, timings: timings)
    }
}
