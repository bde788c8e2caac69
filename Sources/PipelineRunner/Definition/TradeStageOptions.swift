import Trade

/// Options of the `trade` stage (see the README's pipeline-file section).
public enum TradeStageOptions {
    public static let spec = StageOptionSpec([
        "max_distance_km": .nonNegativeDouble,
        "max_loop_length": .nonNegativeInt,
        "time_limit_seconds": .nonNegativeDouble,
        "tie_break": .bool,
    ])

    /// `max_loop_length` defaults to `TradeRequestOptions.defaultMaxLoopLength` (3); 0 means uncapped.
    /// `time_limit_seconds` (default 60) bounds the exact capped solve.
    static func requestOptions(_ options: StageOptions) -> TradeRequestOptions {
        let cap = options.int("max_loop_length") ?? TradeRequestOptions.defaultMaxLoopLength
        return TradeRequestOptions(maxDistanceKm: options.double("max_distance_km"), maxLoopLength: cap == 0 ? nil : cap,
                                   tieBreak: options.bool("tie_break") ?? true,
                                   timeLimitSeconds: options.double("time_limit_seconds") ?? 60)
    }
}
