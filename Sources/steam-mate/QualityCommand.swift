import ArgumentParser
import Foundation
import Pairing
import PipelineCore
import PipelineRunner
import SyntheticData

/// `steam-mate quality [DATASET] [--players N]`: hold-out hit rate@10 of pairing-based game suggestions
/// against the popularity baseline, on a canonical dataset or a seeded synthetic one.
struct QualityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quality",
        abstract: "Offline pairing quality: hide one game per player, hit rate@10 vs a popularity baseline."
    )

    @Argument(help: "Canonical dataset directory; omit to generate a synthetic population.") var dataset: String?
    @Option(help: "Synthetic players when no dataset is given.") var players: Int = 20_000
    @Option(help: "Seed for the generator and the hidden games.") var seed: UInt64 = 1
    @Option(help: "Pairings per player used as neighbours.") var neighbours: Int = 50
    @Option(help: "Worker threads (default: all cores).") var threads: Int?

    func run() throws {
        let log = DiagnosticLog { d in FileHandle.standardError.write(Data((d.description + "\n").utf8)) }
        let data = try dataset.map { try CanonicalDatasetReader.read(directory: URL(fileURLWithPath: $0), diagnostics: log) }
            ?? SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed))
        let config = PairingConfig(threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        print("mode            players  with_pairings  hit_rate@10  popularity@10")
        for mode in HoldOutEvaluator.Mode.allCases {
            let r = HoldOutEvaluator.evaluate(data, mode: mode, seed: seed, config: config, neighbours: neighbours)
            let pad = { (s: String, n: Int) in s.padding(toLength: n, withPad: " ", startingAt: 0) }
            print(pad(mode.rawValue, 16) + pad(String(r.evaluatedPlayers), 9) + pad(String(r.playersWithPairings), 15)
                  + pad(Cell.formatFixed(r.hitRate, places: 4), 13) + Cell.formatFixed(r.baselineHitRate, places: 4))
        }
    }
}
