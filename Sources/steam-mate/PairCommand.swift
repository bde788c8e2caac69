import ArgumentParser
import Foundation
import Pairing
import PipelineCore
import PipelineRunner
import PlayerModel

/// `steam-mate pair DATASET --k 20 --out DIR`: every player's best pairings, plus matches from decisions.
struct PairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Propose each player's k best pairings and turn mutual accepts into matches."
    )

    @Argument(help: "Canonical dataset directory (players.jsonl, player_games.jsonl, friendships.jsonl, preferences.jsonl).")
    var dataset: String

    @Option(help: "Proposals per player.") var k: Int = 20
    @Option(help: "Output directory.") var out: String
    @Option(help: "The app's decision log (default: DATASET/decisions.jsonl when present).") var decisions: String?
    @Option(help: "The previous run's state directory (OUT_OF_PREVIOUS_RUN/state).") var state: String?
    @Option(help: "Exposure cap factor c: nobody appears in more than c·k lists.") var exposureCap: Double?
    @Option(help: "Cap (km) for players who did not state one.") var defaultMaxDistance: Double = 100
    @Option(help: "Minimum shared games.") var minSharedGames: Int = 1
    @Flag(help: "Require a shared language when both players stated languages.") var requireSharedLanguage = false
    @Option(help: "Worker threads (default: all cores).") var threads: Int?

    func run() throws {
        let log = DiagnosticLog()
        let root = URL(fileURLWithPath: dataset)
        let players = try DatasetCommandIO.readDataset(root, log: log)
        let config = PairingConfig(k: k, defaultMaxDistanceKm: defaultMaxDistance, exposureCapFactor: exposureCap,
                                   minSharedGames: max(1, minSharedGames), requireSharedLanguage: requireSharedLanguage,
                                   threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        let decisionsURL = decisions.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("decisions.jsonl")
        let (files, output) = PairingJob.run(dataset: players, decisionsFile: decisionsURL,
                                             previousState: state.map { URL(fileURLWithPath: $0) }, config: config, sink: log)
        try DatasetCommandIO.publish(to: out, log: log) { staging in
            try PairingJob.write(files, to: staging)
            try PairingJob.writePairings(output, to: staging)
        }
        let s = output.summary
        DiagnosticPrinter.standardError("players \(s.players), paired \(s.playersPaired), pairings \(s.pairings), matches \(s.matchesTotal) (new \(s.matchesNew))\n")
        if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
    }
}
