import ArgumentParser
import Foundation
import Pairing
import PipelineCore
import PipelineRunner
import PipelineSpec
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
    @Option(help: "Game-vector weighting: binary (default), log_hours or bm25_hours.") var gameWeighting: GameWeighting = .default
    @Option(help: "α of the game vectors' length normalisation: 1 = plain cosine, 0.5 (default) favours deeper libraries.")
    var normExponent: Double = PairingConfig.defaultNormExponent
    @Option(help: "Worker threads (default or 0: all cores).") var threads: Int?
    @OptionGroup var publish: PublishFlags
    @Flag(help: "No progress display (it is shown only when stderr is a terminal anyway).")
    var quiet = false

    func run() throws {
        try OptionCheck.require([
            ("--k", Double(k), OptionRanges.k), ("--exposure-cap", exposureCap, OptionRanges.exposureCap),
            ("--default-max-distance", defaultMaxDistance, OptionRanges.distanceKm),
            ("--min-shared-games", Double(minSharedGames), OptionRanges.minSharedGames),
            ("--threads", threads.asDouble, OptionRanges.threads),
            ("--norm-exponent", normExponent, OptionRanges.normExponent),
        ] + publish.rangeChecks)
        let log = DiagnosticLog()
        let root = URL(fileURLWithPath: dataset)
        try DatasetCommandIO.preflight(output: out, dataset: root, policy: publish.policy)
        let (players, libraries) = try DatasetCommandIO.readPairingDataset(root, log: log)
        let config = PairingConfig(k: k, defaultMaxDistanceKm: defaultMaxDistance, exposureCapFactor: exposureCap,
                                   minSharedGames: minSharedGames, requireSharedLanguage: requireSharedLanguage,
                                   threads: threads.flatMap { $0 > 0 ? $0 : nil } ?? ProcessInfo.processInfo.activeProcessorCount,
                                   gameWeighting: gameWeighting, normExponent: normExponent)
        let decisionsURL = decisions.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("decisions.jsonl")
        let output = PairingJob.pair(dataset: players, decisions: PairingJob.readDecisions(decisionsURL, sink: log),
                                     previousState: state.map { URL(fileURLWithPath: $0) }, config: config, sink: log,
                                     libraries: libraries)
        try DatasetCommandIO.publish(to: out, policy: publish.policy, log: log) { staging in
            try PairingJob.writeOutputs(output, diagnostics: log.sorted(), into: staging, workers: config.threads,
                                        progress: ProgressLine.make(quiet: quiet)?.update)
        }
        let s = output.summary
        let reasons = s.unpairedByReason.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let unpaired = s.players - s.playersPaired
        DiagnosticPrinter.standardError("players \(s.players), paired \(s.playersPaired), no pairings \(unpaired)"
            + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))")
            + ", pairings \(s.pairings), matches \(s.matchesTotal) (new \(s.matchesNew))\n")
        if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
    }
}
