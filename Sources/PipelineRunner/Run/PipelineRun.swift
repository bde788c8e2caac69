import Dota
import Emit
import Foundation
import Normalize
import Pairing
import PipelineCore
import PipelineSpec
import PlayerModel
import Trade

/// Runs a pipeline definition end to end and publishes its output directory atomically.
///
/// Stage order is fixed (fetch → normalize → pair → match → lobby → trade; `trade` may run beside the three before it, see
/// `runLaterStages`); the definition enables stages and sets their
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

    /// Called as each stage ends (the CLI prints its `line` on stderr).
    public var reportStage: @Sendable (StageTimings.Stage) -> Void = { _ in }
    /// Called as ingest consumes input (for a progress display).
    public var ingestProgress: (@Sendable (DatasetIngestor.IngestProgress) -> Void)?
    /// Called as the tables are written (for a progress display).
    public var writeProgress: (@Sendable (TableWriteProgress) -> Void)?
    /// Ingest from these `convert --partial-facts --names-as-run` outputs instead of decoding the input's Steam files
    /// (the input directory is still scanned for the decision log and trade requests): a sharded run's last step.
    public var partialFacts: [URL]?
    /// The pair stage from these shards' lists (`PairingRun.run(_:shardCount:plan:load:)`) instead of scoring here.
    public var pairShards: PairShards?
    /// Plan the shards and publish their inputs from this run's dataset, then take the pair stage from their lists
    /// (`ShardHandoff`); replaces `pairShards`.
    public var shardHandoff: ShardHandoff?
    /// Also publish the dataset's tables as Parquet here (`<table>/part-NNNNN.parquet`, `ParquetTableWriter`), with a
    /// manifest, once its other formats are written: a sharded run's canonical Parquet, made from the rows the run
    /// holds rather than by parsing its JSON Lines again.
    public var canonicalParquet: URL?

    public struct PairShards: Sendable {
        public var plan: PairingShardPlan
        /// The shards' list directories, by shard index (their headers checked against `plan`).
        public var directories: [URL]
        public var planSHA256: String
        /// Set by a `ShardHandoff`: waits until the lists are written, checks their headers, and returns the
        /// directories by shard index (called by the pair stage before it reads the first shard's lists).
        var ready: (@Sendable () throws -> [URL])?
        /// Set by a `ShardHandoff` made with `tradeAfterLists`: opened once `ready` has returned or thrown, and the
        /// `trade` stage starts only then.
        var listsHandedOver: OneShotGate?
        public init(plan: PairingShardPlan, planSHA256: String, directories: [URL]) {
            self.plan = plan
            self.planSHA256 = planSHA256
            self.directories = directories
        }

        /// Reads the plan and checks every shard's header (`shard.json`: this plan, shards 0…N−1 once each); the lists
        /// themselves are read by the pair stage one shard at a time, so the run never holds them all.
        public static func read(plan directory: URL, lists: [URL]) throws -> PairShards {
            let (plan, sha) = try PairingShardFiles.readPlan(directory)
            return PairShards(plan: plan, planSHA256: sha, directories: try byShard(lists, plan: plan, planSHA256: sha))
        }

        /// The list directories by shard index, from their headers (`shard.json`), which must name this plan and hold
        /// shards 0…N−1 once each.
        static func byShard(_ lists: [URL], plan: PairingShardPlan, planSHA256 sha: String) throws -> [URL] {
            let headers = try lists.map { try PairingShardFiles.readShardHeader($0, planSHA256: sha) }
            let indices = headers.map(\.shard).sorted()
            guard indices == Array(0..<plan.shards), headers.allSatisfy({ $0.shards == plan.shards }) else {
                // As the union words it (`BulkPairer.ShardUnionError.shardsMissing`), before any work is done.
                let error = BulkPairer.ShardUnionError.shardsMissing(found: indices, expected: max(plan.shards, indices.count))
                throw PipelineDefinitionError(diagnostics: [.error("pair.shardUnion", "\(error)")])
            }
            let byShard = Dictionary(uniqueKeysWithValues: zip(headers.map(\.shard), lists))
            return (0..<plan.shards).map { byShard[$0]! }
        }
    }

    public struct Outcome: Sendable {
        public var summary: RunSummary
        public var diagnostics: [Diagnostic]
        public var outputDirectory: URL
        /// Every published file with its size and sha256 (the manifest's entries plus `manifest.json`).
        public var files: [RunManifest.Entry]
        /// Per-stage wall, CPU, peak RSS and bytes written (also in `.<output>.timings.json`).
        public var timings: StageTimings
        /// The job's in-memory dataset, handed over instead of freed as the job returns: a command that exits
        /// next can skip freeing it (millions of rows, ~0.2 s at 100,000 players). Dropping it frees it.
        public var heldData: (any Sendable)?
    }

    /// Runs every stage and publishes the output. `diagnostics` receives everything found.
    ///
    /// Writes `report.html` (see `ReportJob`) into the output with the rest.
    /// Big tables are never built whole: the dataset tables and `pairings` are streamed to the writers in
    /// chunks (pairing explanations are built while `pairings` is written, so the `write` stage includes them). The
    /// dataset's tables are staged first (the `dataset` stage), before the later stages, so those run without the
    /// game rows (`releaseGameRows`). A `trade` stage still running beside the others is joined only once their tables
    /// are written, so a trade that outlasts pairing does not leave a core idle.
    public func execute(diagnostics: DiagnosticLog) throws -> Outcome {
        let input = resolve(definition.input)
        let output = resolve(definition.output)
        let policy = PublishPolicy(force: definition.force, allowEmpty: definition.allowEmpty, lockWait: lockWait)
        try OutputGuard.preflight(output: output, inputs: [input], policy: policy, displayPath: definition.output)
        if let shardHandoff {
            try shardHandoff.check(definition)
            for handed in [shardHandoff.plan, shardHandoff.tables] {
                try OutputGuard.preflight(output: handed, inputs: [input, output], policy: policy)
            }
        }
        if let canonicalParquet {
            try OutputGuard.preflight(output: canonicalParquet, inputs: [input, output], policy: policy)
        }
        var timings = StageTimings()
        let report = reportStage
        if let options = definition.stages[.fetch] {
            let stage = FetchStage(options: options, input: input, inputDisplay: definition.input, resolve: resolve)
            _ = try timings.measure("fetch") { try stage.run(diagnostics: diagnostics) }
            report(timings.stages.last!)
        }
        var (files, locator, ingested) = try timings.measure("ingest") {
            () throws -> ([DatasetFile], (any PlayerLocator)?, DatasetIngestor.Result) in
            // With partial facts their subsets reported the scan's and decoding's diagnostics already.
            let files = DatasetScanner.scan(root: input, diagnostics: partialFacts == nil ? diagnostics : DiagnosticLog())
            let deferred = try loadLocator(diagnostics: diagnostics)
            let ingested: DatasetIngestor.Result
            if let partialFacts {
                ingested = try PartialFactsJob.mergedDataset(partialFacts.map { ($0, $0.lastPathComponent) }, locator: deferred,
                                                             threads: definition.threads, diagnostics: diagnostics)
            } else {
                let ingestor = definition.spill.configure(DatasetIngestor(threads: definition.threads, progress: ingestProgress), resolve: resolve)
                ingested = try ingestor.ingest(files, locator: deferred, diagnostics: diagnostics)
            }
            // The table itself (a failed load stops the run here), for the later stages.
            return (files, try deferred?.loaded() ?? nil, ingested)
        }
        report(timings.stages.last!)
        try EmptyInputGuard.check(records: ingested.usableRecords, filesRead: ingested.filesRead, input: definition.input, policy: policy)

        // The output is staged from here on (the lock is held until it is published): the dataset's tables are written
        // first, so the later stages run without the rows they do not need (see `releaseGameRows`).
        var entries: [RunManifest.Entry] = []
        var summary: RunSummary?
        var sorted: [Diagnostic] = []
        let bytes = { (entries: [RunManifest.Entry]) in entries.reduce(0) { $0 + $1.bytes } }
        try AtomicPublisher.publish(to: output, policy: policy) { staging in
            let writeDataset = { (formats: [TableFormat]) in
                try OutputAssembler.writeFiles(tables: DatasetTables.streamedTables(for: ingested.dataset), files: [],
                                               formats: formats, into: staging, workers: definition.threads,
                                               progress: writeProgress)
            }
            var datasetEntries: [RunManifest.Entry] = []
            var shards = pairShards
            if let shardHandoff {
                // What the shards wait for first: the plan is made beside the JSON Lines tables, both are published
                // (`planned`), and the dataset's other formats are written while the shard inputs are built.
                let planning = shardHandoff.startPlanning(dataset: ingested.dataset, config: pairingStage(shards: nil).config)
                let first = definition.formats.filter { $0 == .jsonl }
                if !first.isEmpty {
                    datasetEntries = try timings.measure("dataset", written: bytes, excluding: { planning.cpuSeconds() }) {
                        try writeDataset(first)
                    }
                    report(timings.stages.last!)
                }
                let made = planning.join()
                shards = try timings.measure("plan") {
                    try shardHandoff.publish(made.value.value, dataset: ingested.dataset, datasetEntries: datasetEntries,
                                             staging: staging, pipeline: definition.name, policy: policy,
                                             workers: definition.threads)
                }
                // The plan's figures: its thread's, then the publishing's.
                timings.stages[timings.stages.count - 1].wallSeconds += made.stage.wallSeconds
                timings.stages[timings.stages.count - 1].cpuSeconds += made.stage.cpuSeconds
                report(timings.stages.last!)
                let rest = definition.formats.filter { $0 != .jsonl }
                if !rest.isEmpty {
                    datasetEntries += try timings.measure(first.isEmpty ? "dataset" : "dataset_csv", written: bytes) {
                        try writeDataset(rest)
                    }
                    report(timings.stages.last!)
                }
            } else {
                datasetEntries = try timings.measure("dataset", written: bytes) { try writeDataset(definition.formats) }
                report(timings.stages.last!)
            }
            if let canonicalParquet {
                _ = try timings.measure("dataset_parquet", written: bytes) {
                    try Self.publishParquet(of: ingested.dataset, to: canonicalParquet, pipeline: definition.name,
                                            policy: policy, workers: definition.threads)
                }
                report(timings.stages.last!)
            }
            let (libraries, knownApps) = releaseGameRows(&ingested)

            var tables: [StreamedTable] = []
            var extraFiles: [OutputFile] = []
            var stageFigures: [String: Int] = [:]
            // The later stages take the dataset over (`runLaterStages`); the Dota notes on `pairings` need its ids.
            let dotaPlayers = DotaOutput.playerIDs(of: ingested)
            let later = try runLaterStages(dataset: &ingested.dataset, libraries: libraries, knownApps: knownApps,
                                           dota: ingested.dota, files: files, locator: locator, shards: shards, tables: &tables,
                                           extraFiles: &extraFiles, figures: &stageFigures, timings: &timings,
                                           diagnostics: diagnostics)
            DotaOutput.extend(&tables, with: ingested.dota, playerIDs: dotaPlayers)
            // The report compares with the output this run replaces; its headline is kept so `steam-mate report` can too.
            extraFiles.append(ReportJob.previousHeadlineFile(replacing: output))

            let pendingTrade = later.pendingTrade
            var tradeStage: StageTimings.Stage?
            entries = try timings.measure("write", written: { bytes($0) - bytes(datasetEntries) },
                                          excluding: pendingTrade.map { trade in { trade.cpuSeconds() } }) {
                var written = datasetEntries
                if let pendingTrade {
                    // `trade` is still running beside: the tables that do not depend on it (`pairings` above all, the
                    // bulk of the bytes) are written meanwhile, so its tail does not leave a core idle. The manifest
                    // lists files by path, so the writing order does not show in the output.
                    do {
                        written += try OutputAssembler.writeFiles(tables: tables, files: [], formats: definition.formats,
                                                                  into: staging, workers: definition.threads,
                                                                  progress: writeProgress)
                    } catch {
                        _ = pendingTrade.join()  // never left running behind a failed run
                        throw error
                    }
                    tables = []
                    let joined = pendingTrade.join()
                    report(joined.stage)
                    tradeStage = joined.stage
                    Self.append(joined.value, to: &tables, extraFiles: &extraFiles, figures: &stageFigures)
                }
                // Everything is in: the diagnostics, the figures and the files that summarise the run come last.
                sorted = diagnostics.sorted()
                let figures = RunSummary(pipeline: definition.name, ingested: ingested, diagnostics: sorted, stages: stageFigures)
                summary = figures
                return try OutputAssembler.write(tables: tables, extraFiles: extraFiles, formats: definition.formats, summary: figures,
                                                 diagnostics: sorted, report: true, pairingReport: later.pairingReport,
                                                 into: staging, workers: definition.threads, written: written,
                                                 progress: writeProgress)
            }
            // Stages are listed in the order they started.
            if let tradeStage { timings.stages.insert(tradeStage, at: timings.stages.count - 1) }
        }
        report(timings.stages.last!)
        Self.recordTimings(timings, beside: output)
        return Outcome(summary: summary!, diagnostics: sorted, outputDirectory: output, files: entries, timings: timings,
                       heldData: ingested)
    }

    /// After the dataset's tables are written: the text no later stage reads released (`PlayerDataset.dropWrittenOnlyFields`:
    /// 0.6 GiB at 1M players), then the game libraries as columns for `pair` and `match` and the set of app ids for
    /// `trade`, and the `player_games` rows released (at 1M players, 27 M rows of 64 bytes). Nothing is released when
    /// `lobby` runs (it prepares its population from the rows); the rows are kept when they cannot be held as columns
    /// (a playtime over 2³¹ − 1 minutes): then `libraries` is nil and pairing reads the rows, as before.
    func releaseGameRows(_ ingested: inout DatasetIngestor.Result) -> (libraries: ColumnsHandoff?, knownApps: Set<UInt32>?) {
        guard !definition.has(.lobby) else { return (nil, nil) }
        // The written-only text goes first, so the columns are built in the memory it held rather than on top of the
        // whole dataset (at 1M players the columns are 0.3 GiB: the run's peak was there, 3.90 GiB).
        ingested.dataset.dropWrittenOnlyFields()
        FreedMemory.trim()
        let games = ingested.dataset.games
        let needsLibraries = definition.has(.pair) || definition.has(.match)
        var libraries: ColumnsHandoff?
        if needsLibraries {
            guard let columns = GameLibraryColumns(players: ingested.dataset.players, games: games) else { return (nil, nil) }
            libraries = ColumnsHandoff(columns)
        }
        let knownApps = definition.has(.trade) ? KnownApps.of(games) : nil
        ingested.dataset.games = []
        FreedMemory.trim()
        return (libraries, knownApps)
    }

    /// Publishes every dataset table as Parquet at `target` (atomically, with a manifest); returns the entries written.
    static func publishParquet(of dataset: PlayerDataset, to target: URL, pipeline: String, policy: PublishPolicy,
                               workers: Int) throws -> [RunManifest.Entry] {
        var entries: [RunManifest.Entry] = []
        try AtomicPublisher.publish(to: target, policy: policy) { staging in
            var written: [RunManifest.Entry] = []
            for table in DatasetTables.streamedTables(for: dataset) {
                guard let columns = DatasetTables.parquetColumns[table.name] else { continue }
                written += try ParquetTableWriter.write(table, columns: columns, into: staging, workers: workers)
            }
            entries = try OutputAssembler.writeManifest(written, pipeline: pipeline, into: staging)
        }
        return entries
    }

    /// Writes `.<output>.timings.json` beside the published directory (replaced atomically; best effort:
    /// a run whose output is published does not fail because its timings could not be recorded).
    static func recordTimings(_ timings: StageTimings, beside output: URL) {
        let url = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).timings.json")
        try? Data(timings.encoded()).write(to: url, options: .atomic)
    }

    func resolve(_ path: String) -> URL { Self.resolve(path, against: baseDirectory) }

    /// `path` as given when absolute, else under `base` (how runs and conversions read their paths).
    static func resolve(_ path: String, against base: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
    }

    /// What `runLaterStages` leaves to the write stage: the report's tally of `pairings` (filled as that table is
    /// written, with `pair`) and, when `trade` runs beside the others, that stage still running.
    struct LaterStages {
        var pairingReport: PairingReportTally?
        /// Joined by the write stage once the other stages' tables are written (`execute`).
        var pendingTrade: BackgroundStage<TradeStage.Result>?
    }

    /// The pair, match, lobby and trade stages, on the normalized dataset.
    ///
    /// With more than one thread, `trade` (single-threaded, independent of pairing) runs on its own thread beside
    /// `pair`, `match` and `lobby` and is returned unjoined (`LaterStages.pendingTrade`); otherwise its tables are
    /// appended here. Either way they come last, so the output is the same as a sequential run's.
    ///
    /// `dataset` is taken over (left empty): `trade` reads its players once (`TradePlayers`) before anything starts, and
    /// pairing is handed the rows and lets them go once its population is prepared, unless `lobby` reads them later.
    /// At a million players that frees the players, preferences and friendships (~1 GiB) for the rest of the stage.
    func runLaterStages(dataset: inout PlayerDataset, libraries: ColumnsHandoff? = nil, knownApps: Set<UInt32>? = nil,
                        dota: DotaDataset?, files: [DatasetFile], locator: (any PlayerLocator)?, shards: PairShards?,
                        tables: inout [StreamedTable],
                        extraFiles: inout [OutputFile], figures: inout [String: Int], timings: inout StageTimings,
                        diagnostics: DiagnosticLog) throws -> LaterStages {
        let needsDecisions = definition.has(.pair) || definition.has(.match) || definition.has(.lobby) || definition.has(.trade)
        let decisions = needsDecisions ? PairingJob.readDecisions(files.first { $0.role == .decisions }?.url, sink: diagnostics) : []
        var trade: (@Sendable () -> TradeStage.Result)?
        if let options = definition.stages[.trade] {
            let stage = TradeStage(options: options, locator: locator)
            let requestsFile = files.first { $0.role == .tradeRequests }
            let players = TradePlayers(dataset.players)
            let apps = knownApps ?? KnownApps.of(dataset.games)
            trade = {
                defer { FreedMemory.trim() }
                return stage.run(players: players, knownApps: apps, requestsFile: requestsFile,
                                 blocked: BlockedPairs.from(decisions), diagnostics: diagnostics)
            }
        }
        let workers = definition.threads > 0 ? definition.threads : ProcessInfo.processInfo.activeProcessorCount
        let others = definition.has(.pair) || definition.has(.match) || definition.has(.lobby)
        let gate = shards?.listsHandedOver
        let background = workers > 1 && others ? trade.map { BackgroundStage("trade", after: gate, $0) } : nil
        let excluding = background.map { stage in { stage.cpuSeconds() } }
        var pairingReport: PairingReportTally?
        if definition.has(.pair) || definition.has(.match) {
            let stage = pairingStage(shards: shards)
            var handed: PlayerDataset? = dataset
            if !definition.has(.lobby) { dataset = PlayerDataset() }
            let result = try timings.measure(definition.has(.pair) ? "pair" : "match", excluding: excluding) {
                defer { FreedMemory.trim() }
                return try stage.run(dataset: handed.take()!, libraries: libraries, decisions: decisions, diagnostics: diagnostics)
            }
            reportStage(timings.stages.last!)
            tables += result.tables
            extraFiles += result.files
            figures.merge(result.figures) { $1 }
            pairingReport = result.reportTally
        }
        if let options = definition.stages[.lobby] {
            let stage = LobbyStage(options: options, pair: definition.stages[.pair], threads: definition.threads,
                                   defaultStateDirectory: resolve(definition.output).appendingPathComponent("state"),
                                   resolve: resolve)
            let result = timings.measure("lobby", excluding: excluding) { stage.run(dataset: dataset, decisions: decisions, dota: dota, diagnostics: diagnostics) }
            reportStage(timings.stages.last!)
            tables += result.tables
            extraFiles += result.files
            figures.merge(result.figures) { $1 }
        }
        if let background {
            return LaterStages(pairingReport: pairingReport, pendingTrade: background)
        }
        if let trade {
            let result = timings.measure("trade", trade)
            reportStage(timings.stages.last!)
            Self.append(result, to: &tables, extraFiles: &extraFiles, figures: &figures)
        }
        return LaterStages(pairingReport: pairingReport, pendingTrade: nil)
    }

    /// The pair and match stages of this definition, scoring here or merging `shards`' lists.
    func pairingStage(shards: PairShards?) -> PairingStage {
        PairingStage(pair: definition.stages[.pair], match: definition.stages[.match], threads: definition.threads,
                     defaultStateDirectory: resolve(definition.output).appendingPathComponent("state"),
                     resolve: resolve, shards: shards)
    }

    /// The trade stage's tables, files and figures added to the run's.
    static func append(_ result: TradeStage.Result, to tables: inout [StreamedTable], extraFiles: inout [OutputFile],
                       figures: inout [String: Int]) {
        tables += result.tables.map { StreamedTable($0) }
        extraFiles += result.files
        figures.merge(result.figures) { $1 }
    }

    /// The location table named by the definition (no `locations` key: the shipped table; `none`: no table),
    /// loading beside ingest.
    func loadLocator(diagnostics: DiagnosticLog) throws -> DeferredLocator? {
        guard let path = ShippedLocationTable.effectivePath(definition.locations) else {
            if definition.locations == nil {
                diagnostics.warning("locations.notFound", ShippedLocationTable.notFoundMessage)
            }
            return nil
        }
        return try LocationLoader.loadInBackground(path: path, resolve: resolve)
    }
}
