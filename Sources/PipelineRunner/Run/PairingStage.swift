import Dispatch
import Emit
import Foundation
import Pairing
import PipelineCore
import PlayerModel
import Synchronization

/// The `pair` and `match` stages of a pipeline run.
///
/// `pair` emits `pairings`, `unpaired` and `pairing_summary.json`; `match` emits `matches` and `new_matches`.
/// Either writes the carry-over state `state/matches.jsonl` and `state/unpaired.jsonl`. The previous state
/// is read from the `previous_state` option, by default from `state/` of the output directory this run
/// is about to replace: so a nightly job needs no extra wiring, and repeating a run whose output was never
/// published reads the same state and gives the same bytes.
struct PairingStage {
    var pair: StageOptions?
    var match: StageOptions?
    var threads: Int
    var defaultStateDirectory: URL
    var resolve: (String) -> URL

    struct Result {
        var tables: [StreamedTable]
        var files: [OutputFile]
        var figures: [String: Int]
    }

    func run(dataset: PlayerDataset, decisions: [Decision], diagnostics: some DiagnosticSink) -> Result {
        let options = pair ?? match ?? StageOptions()
        let workers = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        let config = PairStageOptions.config(options, threads: workers)
        let state = options.string("previous_state").map(resolve) ?? defaultStateDirectory
        let (_, output) = PairingJob.run(dataset: dataset, decisions: decisions, previousState: state, config: config,
                                         sink: diagnostics)
        var tables: [StreamedTable] = []
        var files: [OutputFile] = []
        var figures: [String: Int] = [:]
        if pair != nil {
            tables += [Self.streamedPairings(output, workers: workers), StreamedTable(output.unpaired)]
            files.append(OutputFile(path: "pairing_summary.json", bytes: output.summary.jsonBytes()))
            figures["pairings"] = output.summary.pairings
            figures["players_paired"] = output.summary.playersPaired
        }
        if match != nil {
            tables += [StreamedTable(output.matches), StreamedTable(output.newMatches)]
            figures["matches"] = output.summary.matchesTotal
            figures["new_matches"] = output.summary.matchesNew
        }
        files.append(OutputFile(path: "state/matches.jsonl", bytes: JSONLinesWriter.render(output.stateMatches)))
        files.append(OutputFile(path: "state/unpaired.jsonl", bytes: JSONLinesWriter.render(output.stateUnpaired)))
        return Result(tables: tables, files: files, figures: figures)
    }

    /// `pairings`, built while it is written: 2,048 lists per chunk, their explanations split over `workers`
    /// parts built in parallel and concatenated in player order (so the bytes do not depend on `workers`).
    static func streamedPairings(_ output: PairingRun.Output, workers: Int, playersPerChunk: Int = 2_048) -> StreamedTable {
        StreamedTable(name: "pairings", columns: PairingRun.pairingColumns, count: output.population.count,
                      itemsPerChunk: playersPerChunk) { players in
            let parts = max(1, min(workers, players.count))
            let size = (players.count + parts - 1) / parts
            let rows = Mutex([[[Cell]]](repeating: [], count: parts))
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let from = players.lowerBound + part * size
                let to = min(players.upperBound, from + size)
                guard from < to else { return }
                let built = output.pairingsTable(players: from..<to).rows
                rows.withLock { $0[part] = built }
            }
            return rows.withLock { $0.flatMap { $0 } }
        }
    }
}
