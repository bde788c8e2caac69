import Emit
import Foundation
import Normalize
import PipelineCore
import PipelineSpec

/// `steam-mate convert PATH... --out DIR`: one-shot conversion of files and dataset directories into the
/// canonical dataset, with the same files the `normalize` stage of a run writes.
public struct ConvertJob: Sendable {
    public var inputs: [String]
    public var output: String
    public var formats: [TableFormat]
    public var locations: String?
    public var threads: Int
    /// Normalize's memory limit and spill directory.
    public var spill = SpillSettings()
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
        let resolve = { (path: String) in PipelineRun.resolve(path, against: baseDirectory) }
        try OutputGuard.preflight(output: resolve(output), inputs: inputs.map(resolve), policy: policy, displayPath: output)
        var files: [DatasetFile] = []
        for input in inputs {
            let prefix = InputDisplayName.of(input)
            files += DatasetScanner.scan(root: resolve(input), displayPrefix: prefix, diagnostics: diagnostics)
        }
        // Loaded beside ingest, which needs positions only when it resolves the partitions.
        let locator = try locations.map { try LocationLoader.loadInBackground(path: $0, resolve: resolve) }
        var timings = StageTimings()
        let ingestor = spill.configure(DatasetIngestor(threads: threads, progress: ingestProgress), resolve: resolve)
        // With a memory limit the dataset is never held whole: partitions go to sorted runs on disk and
        // the tables merge them while they are written (same bytes as the in-memory path).
        let (ingested, runs) = try timings.measure("ingest") { () throws -> (DatasetIngestor.Result, SortedRunTables?) in
            if spill.memoryLimitMB > 0 {
                let (result, runs) = try ingestor.ingestStreamed(files, locator: locator, diagnostics: diagnostics)
                _ = try locator?.loaded()
                return (result, runs)
            }
            let result = try ingestor.ingest(files, locator: locator, diagnostics: diagnostics)
            _ = try locator?.loaded()
            return (result, nil)
        }
        defer { runs?.remove() }
        reportStage(timings.stages.last!)
        try EmptyInputGuard.check(records: ingested.usableRecords, filesRead: ingested.filesRead,
                                  input: inputs.joined(separator: " "), policy: policy)
        let sorted = diagnostics.sorted()
        let summary = RunSummary(pipeline: "convert", ingested: ingested, diagnostics: sorted, stages: [:])
        let target = resolve(output)
        var tables = runs?.tables(rowsPerChunk: 2_048) ?? DatasetTables.streamedTables(for: ingested.dataset)
        DotaOutput.extend(&tables, with: ingested.dota, playerIDs: DotaOutput.playerIDs(of: ingested))
        let entries = try timings.measure("write", written: { (entries: [RunManifest.Entry]) in entries.reduce(0) { $0 + $1.bytes } }) {
            try OutputAssembler.publish(tables: tables, extraFiles: [], formats: formats, summary: summary,
                                        diagnostics: sorted, to: target, policy: policy)
        }
        reportStage(timings.stages.last!)
        PipelineRun.recordTimings(timings, beside: target)
        return PipelineRun.Outcome(summary: summary, diagnostics: sorted, outputDirectory: target, files: entries, timings: timings,
                                   heldData: ingested)
    }
}
