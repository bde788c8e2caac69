import ArgumentParser
import Foundation
import Pairing
import PipelineCore
import PipelineRunner
import PipelineSpec
import SyntheticData

/// `steam-mate quality [DATASET] [--players N]`: hold-out hit rate@10 of pairing-based game suggestions
/// against the popularity baseline, on a canonical dataset or a seeded synthetic one.
struct QualityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quality",
        abstract: "Offline pairing quality: hide one game per player; hit rate@10 of pairing, popularity and a binary-IDF cosine."
    )

    @Argument(help: "Canonical dataset directory; omit to generate a synthetic population.") var dataset: String?
    @Option(help: "Synthetic players when no dataset is given.") var players: Int = 20_000
    @Option(help: "Seed for the generator and the hidden games.") var seed: UInt64 = 1
    @Option(help: "Pairings per player used as neighbours.") var neighbours: Int = 50
    @Option(help: "Game-vector weighting of the pairing score: binary (default), log_hours or bm25_hours.")
    var gameWeighting: GameWeighting = .default
    @Option(help: "α of the game vectors' length normalisation: 1 = plain cosine, 0.5 (default) favours deeper libraries.")
    var normExponent: Double = PairingConfig.defaultNormExponent
    @Option(help: "Synthetic library statistics: real (the real playtime set's, default) or classic (the generator's original mix).")
    var libraries: LibraryMix = .realPlaytime
    @Flag(help: "Treat every player as open to `anywhere` matches (as the real playtime measurement of issue 11 did), so distance does not limit the neighbours.")
    var anywhere = false
    @Option(help: "Worker threads (default: all cores).") var threads: Int?

    func run() throws {
        try OptionCheck.require([("--norm-exponent", normExponent, OptionRanges.normExponent)])
        let log = DiagnosticLog { d in FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
        var data = try dataset.map { try CanonicalDatasetReader.read(directory: URL(fileURLWithPath: $0), diagnostics: log) }
            ?? SyntheticPopulation.generate(libraries.applied(to: SyntheticPopulationConfig(players: players, seed: seed)))
        var config = PairingConfig(threads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
                                   gameWeighting: gameWeighting, normExponent: normExponent)
        if anywhere {
            config.defaultAnywhere = true
            data.preferences = data.preferences.map { var p = $0; p.anywhere = true; return p }
        }
        let reports = HoldOutEvaluator.Mode.allCases.map {
            HoldOutEvaluator.evaluate(data, mode: $0, seed: seed, config: config, neighbours: neighbours)
        }
        print(Self.table(reports, weighting: gameWeighting), terminator: "")
    }

    /// One row per method (pairing, popularity, binary-IDF cosine), one hit-rate@10 column per hold-out mode.
    static func table(_ reports: [HoldOutEvaluator.Report], weighting: GameWeighting) -> String {
        let pad = { (s: String, n: Int) in s.padding(toLength: n, withPad: " ", startingAt: 0) }
        var text = pad("hit_rate@10", 28) + reports.map { pad($0.mode.rawValue, 16) }.joined() + "\n"
        let rows: [(String, (HoldOutEvaluator.Report) -> Double)] = [
            ("pairing (\(weighting.rawValue))", \.hitRate),
            ("popularity", \.baselineHitRate),
            ("cosine_binary_idf", \.cosineHitRate),
        ]
        for (name, value) in rows {
            text += pad(name, 28) + reports.map { pad(Cell.formatFixed(value($0), places: 4), 16) }.joined() + "\n"
        }
        text += pad("evaluated players", 28) + reports.map { pad(String($0.evaluatedPlayers), 16) }.joined() + "\n"
        text += pad("with pairings", 28) + reports.map { pad(String($0.playersWithPairings), 16) }.joined() + "\n"
        return text
    }
}
