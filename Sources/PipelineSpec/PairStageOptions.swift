import Pairing

/// Options of the `pair` stage (see the README's pipeline-file section).
public enum PairStageOptions {
    public static let spec = StageOptionSpec([
        "k": .positiveInt,
        "default_max_distance_km": .nonNegativeDouble,
        "default_anywhere": .bool,
        "default_accuracy_km": .nonNegativeDouble,
        "exposure_cap": .nonNegativeDouble,
        "min_shared_games": .positiveInt,
        "require_shared_language": .bool,
        "previous_state": .string,
        "game_weighting": .gameWeighting,
        "norm_exponent": .nonNegativeDouble,
    ])

    /// The pairing configuration the options describe; unset keys keep `PairingConfig`'s defaults.
    public static func config(_ options: StageOptions, threads: Int) -> PairingConfig {
        let defaults = PairingConfig()
        return PairingConfig(
            k: options.int("k") ?? defaults.k,
            defaultMaxDistanceKm: options.double("default_max_distance_km") ?? defaults.defaultMaxDistanceKm,
            defaultAnywhere: options.bool("default_anywhere") ?? defaults.defaultAnywhere,
            defaultAccuracyKm: options.double("default_accuracy_km") ?? defaults.defaultAccuracyKm,
            exposureCapFactor: options.double("exposure_cap"),
            minSharedGames: options.int("min_shared_games") ?? defaults.minSharedGames,
            requireSharedLanguage: options.bool("require_shared_language") ?? defaults.requireSharedLanguage,
            threads: threads,
            gameWeighting: options.string("game_weighting").flatMap(GameWeighting.init(rawValue:)) ?? defaults.gameWeighting,
            normExponent: options.double("norm_exponent") ?? defaults.normExponent)
    }
}
