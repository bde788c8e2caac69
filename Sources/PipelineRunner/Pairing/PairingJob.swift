import Emit
import Foundation
import Pairing
import PipelineCore
import PlayerModel

/// The `pair` stage with its file I/O: reads the decision log and the previous state, runs `PairingRun`,
/// and renders every output table as CSV and JSON Lines plus `pairing_summary.json` and `state/*.jsonl`.
///
/// Files written under the output directory: `pairings.{csv,jsonl}`, `matches.{csv,jsonl}`,
/// `new_matches.{csv,jsonl}`, `unpaired.{csv,jsonl}`, `pairing_summary.json`, `state/matches.jsonl`,
/// `state/unpaired.jsonl`. Pass the previous run's `state/` directory as `previousState` on the next run.
/// Call `write(files, to:)` and `writePairings(output, to:)`.
public enum PairingJob {
    /// Reads `decisions` (if the file exists) and the previous state (if given), then runs the stage.
    public static func run(dataset: PlayerDataset, decisionsFile: URL?, previousState: URL?, config: PairingConfig,
                           sink: any DiagnosticSink) -> (files: [OutputFile], output: PairingRun.Output) {
        run(dataset: dataset, decisions: readDecisions(decisionsFile, sink: sink), previousState: previousState,
            config: config, sink: sink)
    }

    /// The decision log, parsed; empty when there is no such file.
    public static func readDecisions(_ file: URL?, sink: any DiagnosticSink) -> [Decision] {
        guard let file, let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return DecisionParser.parse(Array(data), file: file.lastPathComponent, sink: sink)
    }

    /// Runs the stage on decisions already read; reads the previous state (if given).
    public static func run(dataset: PlayerDataset, decisions: [Decision], previousState: URL?, config: PairingConfig,
                           sink: any DiagnosticSink) -> (files: [OutputFile], output: PairingRun.Output) {
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
        let output = PairingRun.run(PairingRun.Input(dataset: dataset, decisions: decisions,
                                                     previousMatches: previousMatches,
                                                     previouslyUnpaired: previouslyUnpaired, config: config))
        for warning in UnpairedShareWarning.diagnostics(for: output.summary) { sink.emit(warning) }
        return (files(for: output), output)
    }

    /// Every output file except `pairings.*`, which `writePairings` streams in chunks.
    public static func files(for output: PairingRun.Output) -> [OutputFile] {
        var files: [OutputFile] = []
        for table in [output.matches, output.newMatches, output.unpaired] {
            files.append(OutputFile(path: "\(table.name).csv", bytes: CSVWriter.render(table)))
            files.append(OutputFile(path: "\(table.name).jsonl", bytes: JSONLinesWriter.render(table)))
        }
        files.append(OutputFile(path: "pairing_summary.json", bytes: output.summary.jsonBytes()))
        files.append(OutputFile(path: "state/matches.jsonl", bytes: JSONLinesWriter.render(output.stateMatches)))
        files.append(OutputFile(path: "state/unpaired.jsonl", bytes: JSONLinesWriter.render(output.stateUnpaired)))
        return files
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

    /// Writes `pairings.csv` and `pairings.jsonl`, building and rendering `chunk` players at a time so memory
    /// stays bounded at any population size. The bytes equal rendering the whole table at once.
    public static func writePairings(_ output: PairingRun.Output, to directory: URL, chunk: Int = 16_384) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let csvURL = directory.appendingPathComponent("pairings.csv")
        let jsonlURL = directory.appendingPathComponent("pairings.jsonl")
        FileManager.default.createFile(atPath: csvURL.path, contents: nil)
        FileManager.default.createFile(atPath: jsonlURL.path, contents: nil)
        let csv = try FileHandle(forWritingTo: csvURL)
        let jsonl = try FileHandle(forWritingTo: jsonlURL)
        defer { try? csv.close(); try? jsonl.close() }
        let header = Table(name: "pairings", columns: PairingRun.pairingColumns)
        try csv.write(contentsOf: Data(CSVWriter.render(header)))
        let headerBytes = CSVWriter.render(header).count
        var from = 0
        let n = output.population.count
        while from < n {
            let to = min(n, from + chunk)
            let table = output.pairingsTable(players: from..<to)
            try csv.write(contentsOf: Data(CSVWriter.render(table).dropFirst(headerBytes)))
            try jsonl.write(contentsOf: Data(JSONLinesWriter.render(table)))
            from = to
        }
    }
}
