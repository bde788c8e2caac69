import Dota
import Emit
import Foundation
import Normalize
import Pairing
import PipelineCore
import PlayerModel

/// Runs a pipeline definition end to end and publishes its output directory atomically.
///
/// Stage order is fixed (normalize → pair → match → lobby → trade); the definition enables stages and sets their
/// options. Input problems are diagnostics (the run goes on); only a broken definition or an unwritable
/// output throws.
public struct PipelineRun: Sendable {
    public var definition: PipelineDefinition
    /// Relative paths in the definition are resolved against this directory.
    public var baseDirectory: URL
    /// How long to wait for another run publishing to the same output.
    public var lockWait: Duration = .seconds(120)

    public init(definition: PipelineDefinition, baseDirectory: URL) {
        self.definition = definition
        self.baseDirectory = baseDirectory
    }

    public struct Outcome: Sendable {
        public var summary: RunSummary
        public var diagnostics: [Diagnostic]
        public var outputDirectory: URL
        public var files: [OutputFile]
    }

    /// Runs every stage and publishes the output. `diagnostics` receives everything found.
    public func execute(diagnostics: DiagnosticLog) throws -> Outcome {
        let input = resolve(definition.input)
        let output = resolve(definition.output)
        let policy = PublishPolicy(force: definition.force, allowEmpty: definition.allowEmpty, lockWait: lockWait)
        try OutputGuard.preflight(output: output, inputs: [input], policy: policy, displayPath: definition.output)
        let files = DatasetScanner.scan(root: input, diagnostics: diagnostics)
        let locator = try loadLocator(diagnostics: diagnostics)
        let ingested = DatasetIngestor(threads: definition.threads).ingest(files, locator: locator, diagnostics: diagnostics)
        let dataset = ingested.dataset
        try EmptyInputGuard.check(records: ingested.usableRecords, filesRead: ingested.filesRead, input: definition.input, policy: policy)

        var tables = DatasetTables.tables(for: dataset)
        var extraFiles: [OutputFile] = []
        var stageFigures: [String: Int] = [:]
        try runLaterStages(dataset: dataset, files: files, locator: locator, tables: &tables, extraFiles: &extraFiles,
                           figures: &stageFigures, diagnostics: diagnostics)
        DotaOutput.extend(&tables, with: ingested.dota)

        let sorted = diagnostics.sorted()
        let summary = RunSummary(pipeline: definition.name, ingested: ingested, diagnostics: sorted, stages: stageFigures)
        let outputs = OutputAssembler.assemble(tables: tables, extraFiles: extraFiles, formats: definition.formats,
                                               summary: summary, diagnostics: sorted)
        try AtomicPublisher.publish(outputs, to: output, policy: policy)
        return Outcome(summary: summary, diagnostics: sorted, outputDirectory: output, files: outputs)
    }

    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
    }

    /// The pair, match, lobby and trade stages, on the normalized dataset.
    func runLaterStages(dataset: PlayerDataset, files: [DatasetFile], locator: (any PlayerLocator)?, tables: inout [Table],
                        extraFiles: inout [OutputFile], figures: inout [String: Int], diagnostics: DiagnosticLog) throws {
        let needsDecisions = definition.has(.pair) || definition.has(.match) || definition.has(.lobby) || definition.has(.trade)
        let decisions = needsDecisions ? PairingJob.readDecisions(files.first { $0.role == .decisions }?.url, sink: diagnostics) : []
        if definition.has(.pair) || definition.has(.match) {
            let stage = PairingStage(pair: definition.stages[.pair], match: definition.stages[.match], threads: definition.threads,
                                     defaultStateDirectory: resolve(definition.output).appendingPathComponent("state"),
                                     resolve: resolve)
            let result = stage.run(dataset: dataset, decisions: decisions, diagnostics: diagnostics)
            tables += result.tables
            extraFiles += result.files
            figures.merge(result.figures) { $1 }
        }
        if let options = definition.stages[.lobby] {
            let result = LobbyStage(options: options, pair: definition.stages[.pair], threads: definition.threads,
                                    defaultStateDirectory: resolve(definition.output).appendingPathComponent("state"),
                                    resolve: resolve).run(dataset: dataset, decisions: decisions, diagnostics: diagnostics)
            tables += result.tables
            extraFiles += result.files
            figures.merge(result.figures) { $1 }
        }
        if let options = definition.stages[.trade] {
            let stage = TradeStage(options: options, locator: locator)
            let result = stage.run(dataset: dataset, requestsFile: files.first { $0.role == .tradeRequests },
                                   blocked: BlockedPairs.from(decisions), diagnostics: diagnostics)
            tables += result.tables
            extraFiles += result.files
            figures.merge(result.figures) { $1 }
        }
    }

    /// The location table named by the definition (no `locations` key: the shipped table; `none`: no table).
    func loadLocator(diagnostics: DiagnosticLog) throws -> (any PlayerLocator)? {
        guard let path = ShippedLocationTable.effectivePath(definition.locations) else {
            if definition.locations == nil {
                diagnostics.warning("locations.notFound", ShippedLocationTable.notFoundMessage)
            }
            return nil
        }
        return try LocationLoader.load(path: path, resolve: resolve)
    }
}
