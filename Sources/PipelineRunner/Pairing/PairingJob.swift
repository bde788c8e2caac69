import Dispatch
import Emit
import Foundation
import Pairing
import PipelineCore
import PlayerModel
import Synchronization

/// The `pair` stage with its file I/O: reads the decision log and the previous state, runs `PairingRun`,
/// and renders every output table as CSV and JSON Lines plus `pairing_summary.json` and `state/*.jsonl`.
///
/// Files written under the output directory: `pairings.{csv,jsonl}`, `matches.{csv,jsonl}`,
/// `new_matches.{csv,jsonl}`, `unpaired.{csv,jsonl}`, `pairing_summary.json`, `state/matches.jsonl`,
/// `state/unpaired.jsonl`. Pass the previous run's `state/` directory as `previousState` on the next run.
/// `steam-mate pair` calls `pair` then `writeOutputs`, which also writes `manifest.json`.
public enum PairingJob {
    /// Reads `decisions` (if the file exists) and the previous state (if given), then runs the stage.
    public static func run(dataset: PlayerDataset, decisionsFile: URL?, previousState: URL?, config: PairingConfig,
                           sink: any DiagnosticSink, libraries: GameLibraryColumns? = nil)
        -> (files: [OutputFile], output: PairingRun.Output) {
        run(dataset: dataset, decisions: readDecisions(decisionsFile, sink: sink), previousState: previousState,
            config: config, sink: sink, libraries: libraries)
    }

    /// The decision log, parsed; empty when there is no such file.
    public static func readDecisions(_ file: URL?, sink: any DiagnosticSink) -> [Decision] {
        guard let file, let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return DecisionParser.parse(Array(data), file: file.lastPathComponent, sink: sink)
    }

    /// Runs the stage on decisions already read; reads the previous state (if given).
    public static func run(dataset: PlayerDataset, decisions: [Decision], previousState: URL?, config: PairingConfig,
                           sink: any DiagnosticSink, libraries: GameLibraryColumns? = nil)
        -> (files: [OutputFile], output: PairingRun.Output) {
        let output = pair(dataset: dataset, decisions: decisions, previousState: previousState, config: config, sink: sink,
                          libraries: libraries)
        return (files(for: output), output)
    }

    /// `run` without rendering the files (what the pipeline's stage and `steam-mate pair` use: they stream the tables).
    /// `libraries` is consumed: handed over (`consume`), it is released once the population is prepared from it.
    public static func pair(dataset: consuming PlayerDataset, decisions: [Decision], previousState: URL?, config: PairingConfig,
                            sink: any DiagnosticSink, libraries: consuming GameLibraryColumns? = nil) -> PairingRun.Output {
        let output = PairingRun.run(input(dataset: consume dataset, decisions: decisions, previousState: previousState, config: config,
                                          sink: sink, libraries: consume libraries))
        for warning in UnpairedShareWarning.diagnostics(for: output.summary) { sink.emit(warning) }
        return output
    }

    /// `pair` from the lists of every shard of `plan` (`PairingRun.run(_:shardCount:plan:load:)`): the same outputs as
    /// `pair` on the whole dataset, but the work counters. Shard `i`'s lists are read by `load(i)` when the union
    /// reaches them, so one shard's lists are held at a time.
    public static func pair(dataset: PlayerDataset, decisions: [Decision], previousState: URL?, config: PairingConfig,
                            sink: any DiagnosticSink, libraries: GameLibraryColumns? = nil, shardCount: Int,
                            plan: PairingShardPlan, load: (Int) throws -> PairingShardLists) throws -> PairingRun.Output {
        let output = try PairingRun.run(input(dataset: dataset, decisions: decisions, previousState: previousState,
                                              config: config, sink: sink, libraries: libraries),
                                        shardCount: shardCount, plan: plan, load: load)
        for warning in UnpairedShareWarning.diagnostics(for: output.summary) { sink.emit(warning) }
        return output
    }

    /// One shard's lists (`PairingRun.runShard`); `dataset` may hold only the players the plan sends the shard.
    public static func pairShard(dataset: PlayerDataset, decisions: [Decision], previousState: URL?, config: PairingConfig,
                                 sink: any DiagnosticSink, libraries: GameLibraryColumns? = nil,
                                 plan: PairingShardPlan, shard: Int) throws -> PairingShardLists {
        try PairingRun.runShard(input(dataset: dataset, decisions: decisions, previousState: previousState, config: config,
                                      sink: sink, libraries: libraries), plan: plan, shard: shard)
    }

    /// The plan for `shards` shards and which players each reads (`PairingRun.plan`).
    public static func plan(dataset: PlayerDataset, config: PairingConfig, libraries: GameLibraryColumns? = nil, shards: Int)
        -> (plan: PairingShardPlan, needs: [(steamID: SteamID64, shard: Int, role: PairingShardPlan.Role)]) {
        PairingRun.plan(PairingRun.Input(dataset: dataset, config: config, libraries: libraries), shards: shards)
    }

    /// The stage's input: the previous state (if given) read from disk.
    static func input(dataset: consuming PlayerDataset, decisions: [Decision], previousState: URL?, config: PairingConfig,
                      sink: any DiagnosticSink, libraries: consuming GameLibraryColumns?) -> PairingRun.Input {
        var previousMatches: [MatchRecord] = []
        var previouslyUnpaired: [SteamID64] = []
        if let previousState {
            if let data = FileManager.default.contents(atPath: previousState.appendingPathComponent("matches.jsonl").path) {
                previousMatches = PairingStateParser.parseMatches(Array(data), file: "state/matches.jsonl", sink: sink)
            }
            if let data = FileManager.default.contents(atPath: previousState.appendingPathComponent("unpaired.jsonl").path) {
                previouslyUnpaired = PairingStateParser.parseUnpaired(Array(data), file: "state/unpaired.jsonl", sink: sink)
            }
        }
        return PairingRun.Input(dataset: consume dataset, decisions: decisions, previousMatches: previousMatches,
                                previouslyUnpaired: previouslyUnpaired, config: config, libraries: consume libraries)
    }

    /// The files of the pair and match stages that are not tables: `pairing_summary.json` and the carry-over state.
    static func summaryAndState(_ output: PairingRun.Output) -> [OutputFile] {
        [
            OutputFile(path: "pairing_summary.json", bytes: output.summary.jsonBytes()),
            OutputFile(path: "state/matches.jsonl", bytes: JSONLinesWriter.render(output.stateMatches)),
            OutputFile(path: "state/unpaired.jsonl", bytes: JSONLinesWriter.render(output.stateUnpaired)),
        ]
    }

    /// Every output file except `pairings.*`, which `writePairings` streams in chunks.
    public static func files(for output: PairingRun.Output) -> [OutputFile] {
        var files: [OutputFile] = []
        for table in [output.matches, output.newMatches, output.unpaired] {
            files.append(OutputFile(path: "\(table.name).csv", bytes: CSVWriter.render(table)))
            files.append(OutputFile(path: "\(table.name).jsonl", bytes: JSONLinesWriter.render(table)))
        }
        return files + summaryAndState(output)
    }

    /// `diagnostics.json` for the diagnostics reported so far (what `steam-mate pair` publishes beside its outputs).
    public static func diagnosticsFile(_ diagnostics: [Diagnostic]) -> OutputFile {
        OutputFile(path: "diagnostics.json", bytes: StableJSON.encode(DiagnosticsFile(diagnostics)))
    }

    public static func write(_ files: [OutputFile], to directory: URL) throws {
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
    }

    /// Writes every output of `steam-mate pair` into `staging`: the tables in both formats streamed and hashed
    /// while written (`pairings` rendered straight to bytes, `workers` threads, 0 = all cores), the summary, the
    /// carry-over state and `diagnostics`, then `manifest.json` (pipeline `pair`) from the checksums taken on the
    /// way, which also marks the directory as ours so the next `pair` may replace it. Returns every file's entry.
    /// `progress` gets the tables' chunks and bytes written so far after each chunk.
    @discardableResult
    public static func writeOutputs(_ output: PairingRun.Output, diagnostics: [Diagnostic], into staging: URL,
                                    workers: Int = 0,
                                    progress: (@Sendable (TableWriteProgress) -> Void)? = nil) throws -> [RunManifest.Entry] {
        let tables = [streamedPairings(output), StreamedTable(output.matches), StreamedTable(output.newMatches),
                      StreamedTable(output.unpaired)]
        let entries = try OutputAssembler.writeFiles(tables: tables, files: summaryAndState(output) + [diagnosticsFile(diagnostics)],
                                                     formats: TableFormat.allCases, into: staging, workers: workers,
                                                     progress: progress)
        return try OutputAssembler.writeManifest(entries, pipeline: "pair", into: staging)
    }

    /// Writes `pairings.csv` and `pairings.jsonl` into `directory` (streamed, hashed while written; see
    /// `streamedPairings`) and returns their entries. The bytes equal rendering the whole table at once,
    /// whatever `chunk` and `workers`.
    @discardableResult
    public static func writePairings(_ output: PairingRun.Output, to directory: URL, chunk: Int = 256,
                                     workers: Int = 0) throws -> [RunManifest.Entry] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try StreamingTableWriter.write(streamedPairings(output, playersPerChunk: chunk), formats: TableFormat.allCases,
                                              into: directory, workers: workers)
    }

    /// `pairings`, rendered straight to CSV and JSON Lines bytes (`PairingsRowRenderer`) while it is written:
    /// `playersPerChunk` lists per chunk; the streaming writer renders a batch of chunks on all cores and writes
    /// them in player order, so the whole table is never held and the bytes do not depend on the thread count.
    /// `chunk` (cells) gives the same rows for `materialized()` and tests.
    public static func streamedPairings(_ output: PairingRun.Output, playersPerChunk: Int = 256) -> StreamedTable {
        streamedPairings(output, playersPerChunk: playersPerChunk, report: nil)
    }

    /// As above; `report` also tallies the CSV rows for the run report as they are rendered (`PairingReportTally`).
    static func streamedPairings(_ output: PairingRun.Output, playersPerChunk: Int = 256, report: PairingReportTally?) -> StreamedTable {
        let renderer = PairingsRowRenderer(population: output.population, lists: output.lists)
        return StreamedTable(name: "pairings", columns: PairingRun.pairingColumns, count: output.population.count,
                             itemsPerChunk: playersPerChunk,
                             rows: { players in output.pairingsTable(players: players).rows },
                             renderBytes: { players, csv, jsonl, rendered in
                                 renderer.render(players: players, into: &rendered, csv: csv, jsonl: jsonl, report: report)
                             })
    }

    /// The `pairings` rows (no CSV header) as CSV and JSON Lines bytes (`PairingsRowRenderer`), `chunk` players
    /// at a time, `workers` chunks rendered in parallel and handed to `write` in player order: memory stays
    /// bounded at any population size, and the bytes do not depend on `chunk` or `workers`.
    public static func renderPairings(_ lists: PairingLists, population: PreparedPopulation, chunk: Int = 4_096,
                                      workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                                      _ write: (_ csv: [UInt8], _ jsonl: [UInt8]) throws -> Void) rethrows {
        let renderer = PairingsRowRenderer(population: population, lists: lists)
        let n = population.count
        let size = max(1, chunk), parallel = max(1, workers)
        var from = 0
        while from < n {
            let chunks = min(parallel, (n - from + size - 1) / size)
            let parts = Mutex([(csv: [UInt8], jsonl: [UInt8])](repeating: ([], []), count: chunks))
            let base = from
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                let lo = base + c * size, hi = min(n, lo + size)
                var part: (csv: [UInt8], jsonl: [UInt8]) = ([], [])
                var scratch = PairingsRowRenderer.Scratch()
                renderer.render(players: lo..<hi, csv: &part.csv, jsonl: &part.jsonl, scratch: &scratch)
                parts.withLock { $0[c] = part }
            }
            for part in parts.withLock({ $0 }) { try write(part.csv, part.jsonl) }
            from = min(n, base + chunks * size)
        }
    }
}
