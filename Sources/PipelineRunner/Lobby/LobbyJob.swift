import Dota
import Emit
import Foundation
import Lobby
import Pairing
import PipelineCore
import PlayerModel

/// The `lobby` stage with its file I/O: reads the previous run's `state/lobby_unplaced.jsonl` (players left out
/// last time are placed first), runs `LobbyRun`, and renders the outputs: `lobbies`, `lobby_members` and
/// `lobby_unplaced` (CSV and JSON Lines), `lobby_summary.json` and `state/lobby_unplaced.jsonl`.
public enum LobbyJob {
    public static let stateFile = "lobby_unplaced.jsonl"

    /// The players listed in `state/lobby_unplaced.jsonl` of `previousState` (empty when there is none).
    public static func readPreviouslyUnplaced(_ previousState: URL?, sink: any DiagnosticSink) -> [SteamID64] {
        guard let previousState,
              let data = FileManager.default.contents(atPath: previousState.appendingPathComponent(stateFile).path) else { return [] }
        return PairingStateParser.parseUnpaired(Array(data), file: "state/" + stateFile, sink: sink)
    }

    /// `heroPoolRoles`: Dota 2 role sets from the players' hero pools (`LobbyHeroPoolRoles`), empty without Dota data.
    public static func run(dataset: PlayerDataset, decisions: [Decision], previousState: URL?, config: LobbyConfig,
                           heroPoolRoles: [SteamID64: DotaRoleSet] = [:], sink: any DiagnosticSink) -> LobbyRun.Output {
        LobbyRun.run(LobbyRun.Input(dataset: dataset, decisions: decisions,
                                    previouslyUnplaced: readPreviouslyUnplaced(previousState, sink: sink),
                                    heroPoolRoles: heroPoolRoles, config: config))
    }

    /// The output tables, in the order they are listed.
    public static func tables(_ output: LobbyRun.Output) -> [Table] { [output.lobbies, output.members, output.unplaced] }

    /// `lobby_summary.json` and the next run's state.
    public static func extraFiles(_ output: LobbyRun.Output) -> [OutputFile] {
        [OutputFile(path: "lobby_summary.json", bytes: output.summary.jsonBytes()),
         OutputFile(path: "state/" + stateFile, bytes: JSONLinesWriter.render(output.stateUnplaced))]
    }

    /// Every file `steam-mate lobby` writes.
    public static func files(for output: LobbyRun.Output) -> [OutputFile] {
        tables(output).flatMap { table in
            [OutputFile(path: "\(table.name).csv", bytes: CSVWriter.render(table)),
             OutputFile(path: "\(table.name).jsonl", bytes: JSONLinesWriter.render(table))]
        } + extraFiles(output)
    }
}
