import ArgumentParser
import Foundation
import Pairing
import PipelineSpec

/// The pairing settings `pair` and `plan` share (a plan records them; its shards and their union must be given the same).
struct PairingFlags: ParsableArguments {
    @Option(help: "Proposals per player.") var k: Int = 20
    @Option(help: "Exposure cap factor c: nobody appears in more than c·k lists.") var exposureCap: Double?
    @Option(help: "Cap (km) for players who did not state one.") var defaultMaxDistance: Double = 100
    @Option(help: "Minimum shared games.") var minSharedGames: Int = 1
    @Flag(help: "Require a shared language when both players stated languages.") var requireSharedLanguage = false
    @Option(help: "Game-vector weighting: binary (default), log_hours or bm25_hours.") var gameWeighting: GameWeighting = .default
    @Option(help: "α of the game vectors' length normalisation: 1 = plain cosine, 0.5 (default) favours deeper libraries.")
    var normExponent: Double = PairingConfig.defaultNormExponent
    @Option(help: "Worker threads (default or 0: all cores).") var threads: Int?

    var rangeChecks: [(flag: String, value: Double?, range: NumericRange)] {
        [
            ("--k", Double(k), OptionRanges.k), ("--exposure-cap", exposureCap, OptionRanges.exposureCap),
            ("--default-max-distance", defaultMaxDistance, OptionRanges.distanceKm),
            ("--min-shared-games", Double(minSharedGames), OptionRanges.minSharedGames),
            ("--threads", threads.asDouble, OptionRanges.threads),
            ("--norm-exponent", normExponent, OptionRanges.normExponent),
        ]
    }

    var config: PairingConfig {
        PairingConfig(k: k, defaultMaxDistanceKm: defaultMaxDistance, exposureCapFactor: exposureCap,
                      minSharedGames: minSharedGames, requireSharedLanguage: requireSharedLanguage,
                      threads: threads.flatMap { $0 > 0 ? $0 : nil } ?? ProcessInfo.processInfo.activeProcessorCount,
                      gameWeighting: gameWeighting, normExponent: normExponent)
    }
}
