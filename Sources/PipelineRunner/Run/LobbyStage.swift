import Dota
import Foundation
import Lobby
import Pairing
import PipelineCore
import PipelineSpec
import PlayerModel

/// The `lobby` stage of a pipeline run: `lobbies`, `lobby_members`, `lobby_unplaced`, `lobby_summary.json` and
/// `state/lobby_unplaced.jsonl`. The previous state is read like the pair stage's: from `previous_state`, by
/// default from `state/` of the output directory this run is about to replace.
struct LobbyStage {
    var options: StageOptions
    var pair: StageOptions?
    var threads: Int
    var defaultStateDirectory: URL
    var resolve: (String) -> URL

    /// `dota`: the run's Dota 2 matches; Dota 2 requests that state no role take the roles of the hero pool.
    func run(dataset: PlayerDataset, decisions: [Decision], dota: DotaDataset?, diagnostics: some DiagnosticSink) -> PairingStage.Result {
        let workers = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        let config = LobbyStageOptions.config(options, pair: pair, threads: workers)
        let state = options.string("previous_state").map(resolve) ?? defaultStateDirectory
        let output = LobbyJob.run(dataset: dataset, decisions: decisions, previousState: state, config: config,
                                  heroPoolRoles: dota.map { LobbyHeroPoolRoles.roleSets($0) } ?? [:], sink: diagnostics)
        return PairingStage.Result(tables: LobbyJob.tables(output).map { StreamedTable($0) }, files: LobbyJob.extraFiles(output),
                                   figures: ["lobbies": output.summary.lobbies,
                                             "players_in_lobbies": output.summary.playersPlaced])
    }
}
