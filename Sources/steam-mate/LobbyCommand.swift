import ArgumentParser
import Foundation
import Lobby
import Pairing
import PipelineCore
import PipelineRunner
import PipelineSpec
import PlayerModel

/// `steam-mate lobby DATASET --out DIR`: disjoint lobbies per game for every player who asked for one.
struct LobbyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lobby",
        abstract: "Form lobbies (min/max players, roles, groups) for every player's lobby requests."
    )

    @Argument(help: "Canonical dataset directory (players.jsonl, player_games.jsonl, preferences.jsonl with lobbies, …).")
    var dataset: String

    @Option(help: "Output directory.") var out: String
    @Option(help: "The app's decision log (default: DATASET/decisions.jsonl when present).") var decisions: String?
    @Option(help: "The previous run's state directory (OUT_OF_PREVIOUS_RUN/state).") var state: String?
    @Option(help: "Minimum common weekly hours (UTC) of a lobby's members.") var minOverlapHours: Int = 2
    @Option(help: "Lobbies per player in total.") var maxLobbiesPerPlayer: Int = 3
    @Option(help: "Default size for a game, APPID:MIN-MAX or *:MIN-MAX (repeatable).") var defaultSize: [String] = []
    @Option(help: "Role names of a game in bit order, APPID:name+name+… (repeatable).") var roles: [String] = []
    @Option(help: "Cap (km) for players who did not state one.") var defaultMaxDistance: Double = 100
    @Option(help: "Minimum shared games.") var minSharedGames: Int = 1
    @Flag(help: "Require a shared language when both players stated languages.") var requireSharedLanguage = false
    @Option(help: "Added to the score of friends and mutual matches in the objective (0…1; 0: off).") var friendBonus: Double = 0.1
    @Option(help: "Worker threads (default or 0: all cores).") var threads: Int?
    @OptionGroup var publish: PublishFlags

    func run() throws {
        try OptionCheck.require([
            ("--default-max-distance", defaultMaxDistance, OptionRanges.distanceKm),
            ("--min-shared-games", Double(minSharedGames), OptionRanges.minSharedGames),
            ("--threads", threads.asDouble, OptionRanges.threads),
        ] + publish.rangeChecks)
        var options = StageOptions()
        options.values["min_overlap_hours"] = .int(minOverlapHours)
        options.values["max_lobbies_per_player"] = .int(maxLobbiesPerPlayer)
        options.values["default_sizes"] = .strings(defaultSize)
        options.values["roles"] = .strings(roles)
        options.values["friend_bonus"] = .double(friendBonus)
        let problems = LobbyStageOptions.problems(options)
        guard problems.isEmpty, minOverlapHours >= 0, maxLobbiesPerPlayer >= 1 else {
            let messages = problems.isEmpty ? ["--min-overlap-hours must be ≥ 0 and --max-lobbies-per-player ≥ 1"] : problems
            for m in messages { DiagnosticPrinter.standardError("error: \(m) [usage.badValue]\n") }
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        let log = DiagnosticLog()
        let root = URL(fileURLWithPath: dataset)
        try DatasetCommandIO.preflight(output: out, dataset: root, policy: publish.policy)
        let players = try DatasetCommandIO.readDataset(root, log: log)
        let pair = StageOptions(["default_max_distance_km": .double(defaultMaxDistance), "min_shared_games": .int(minSharedGames),
                                 "require_shared_language": .bool(requireSharedLanguage)])
        let config = LobbyStageOptions.config(options, pair: pair, threads: threads.flatMap { $0 > 0 ? $0 : nil } ?? ProcessInfo.processInfo.activeProcessorCount)
        let decisionsURL = decisions.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("decisions.jsonl")
        // Dota 2 requests that state no role take the roles of the player's hero pool (dota_match_players).
        let heroPools = try DotaHeroPoolReader.read(directory: root, diagnostics: log)
        let output = LobbyJob.run(dataset: players, decisions: PairingJob.readDecisions(decisionsURL, sink: log),
                                  previousState: state.map { URL(fileURLWithPath: $0) }, config: config,
                                  heroPoolRoles: LobbyHeroPoolRoles.roleSets(heroGames: heroPools), sink: log)
        try DatasetCommandIO.publish(to: out, policy: publish.policy, log: log) { staging in try PairingJob.write(LobbyJob.files(for: output), to: staging) }
        let s = output.summary
        DiagnosticPrinter.standardError("players asking \(s.playersAsking), placed \(s.playersPlaced), lobbies \(s.lobbies), requests placed \(s.requestsPlaced) of \(s.requests)\n")
        if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
    }
}
