import Emit
import Foundation
import Pairing
import PipelineCore
import PipelineSpec
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
    /// The shards' lists to merge instead of scoring (`PipelineRun.pairShards`).
    var shards: PipelineRun.PairShards? = nil

    struct Result {
        var tables: [StreamedTable]
        var files: [OutputFile]
        var figures: [String: Int]
        /// The report's tally of `pairings.csv`, filled while that table is written (with `pair`).
        var reportTally: PairingReportTally?
    }

    /// The pairing settings of the stage's options, on `threads` workers (0: every core).
    var config: PairingConfig {
        let workers = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        return PairStageOptions.config(pair ?? match ?? StageOptions(), threads: workers)
    }

    /// Throws only with `shards` that do not make this run (a refusal: exit 2).
    /// `libraries`: the dataset's game libraries as columns when its `games` rows were released (`PipelineRun.releaseGameRows`),
    /// taken from the hand-over when pairing starts, so the population is their last holder.
    /// `dataset` is consumed: pass it over (`consume`, or a value no one else holds) and pairing lets its rows go once
    /// the population is prepared (`PairingRun.run`).
    func run(dataset: consuming PlayerDataset, libraries: ColumnsHandoff? = nil, decisions: [Decision],
             diagnostics: some DiagnosticSink) throws -> Result {
        let options = pair ?? match ?? StageOptions()
        let state = options.string("previous_state").map(resolve) ?? defaultStateDirectory
        let output: PairingRun.Output
        if let shards {
            // The union prepares the population and the pool's index first, then reads shard 0: a handoff's shards may
            // still be scoring until then.
            // Shard 0 waits for the lists (`ready`); each later shard is read while the one before it is merged.
            let directories = Mutex(shards.directories)
            let ready = shards.ready, planSHA256 = shards.planSHA256
            let prefetch = ShardListsPrefetch(count: shards.directories.count) { index in
                try PairingShardFiles.readShard(directories.withLock { $0[index] }, planSHA256: planSHA256)
            }
            defer { prefetch.drain() }
            do {
                output = try PairingJob.pair(dataset: dataset, decisions: decisions, previousState: state, config: config,
                                             sink: diagnostics, libraries: libraries?.take(), shardCount: shards.directories.count, plan: shards.plan) {
                    if $0 == 0, let ready {
                        let byShard = try ready()
                        directories.withLock { $0 = byShard }
                    }
                    return try prefetch.load($0)
                }
            } catch let error as PipelineDefinitionError {
                throw error
            } catch let error as PairingShardFiles.ReadError {
                throw PipelineDefinitionError(diagnostics: [error.diagnostic])
            } catch {
                let code = (error as? PairingRun.ShardError)?.code ?? "pair.shardUnion"
                throw PipelineDefinitionError(diagnostics: [.error(code, "\(error)")])
            }
        } else {
            output = PairingJob.pair(dataset: consume dataset, decisions: decisions, previousState: state, config: config,
                                     sink: diagnostics, libraries: libraries?.take())
        }
        var tables: [StreamedTable] = []
        var files: [OutputFile] = []
        var figures: [String: Int] = [:]
        var reportTally: PairingReportTally?
        if pair != nil {
            let tally = PairingReportTally()
            reportTally = tally
            tables += [PairingJob.streamedPairings(output, report: tally), StreamedTable(output.unpaired)]
            figures["pairings"] = output.summary.pairings
            figures["players_paired"] = output.summary.playersPaired
        }
        if match != nil {
            tables += [StreamedTable(output.matches), StreamedTable(output.newMatches)]
            figures["matches"] = output.summary.matchesTotal
            figures["new_matches"] = output.summary.matchesNew
        }
        // pairing_summary.json only with `pair`; the carry-over state always.
        files += PairingJob.summaryAndState(output).filter { pair != nil || $0.path != "pairing_summary.json" }
        return Result(tables: tables, files: files, figures: figures, reportTally: reportTally)
    }
}
