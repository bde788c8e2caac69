import Trade

/// Options of the `trade` stage (see the README's pipeline-file section).
public enum TradeStageOptions {
    public static let spec = StageOptionSpec([
        "max_distance_km": .nonNegativeDouble,
        "max_loop_length": .positiveInt,
        "tie_break": .bool,
    ])

    static func requestOptions(_ options: StageOptions) -> TradeRequestOptions {
        TradeRequestOptions(maxDistanceKm: options.double("max_distance_km"), maxLoopLength: options.int("max_loop_length"),
                            tieBreak: options.bool("tie_break") ?? true)
    }
}
