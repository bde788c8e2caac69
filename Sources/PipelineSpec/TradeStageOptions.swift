import Trade

/// Options of the `trade` stage (see the README's pipeline-file section).
public enum TradeStageOptions {
    public static let spec = StageOptionSpec([
        "max_distance_km": .nonNegativeDouble,
        "max_loop_length": .nonNegativeInt,
        "time_limit_seconds": .nonNegativeDouble,
        "tie_break": .bool,
        "gap_tolerance": .nonNegativeDouble,
    ])

    /// `max_loop_length` defaults to `TradeRequestOptions.defaultMaxLoopLength` (3); 0 means uncapped.
    /// `time_limit_seconds` (default 60) bounds the exact capped solve; `gap_tolerance` (default
    /// `TradeRequestOptions.defaultGapTolerance`, 0.5 %) stops it once the trades found are that close to the bound.
    public static func requestOptions(_ options: StageOptions) -> TradeRequestOptions {
        let cap = options.int("max_loop_length") ?? TradeRequestOptions.defaultMaxLoopLength
        return TradeRequestOptions(maxDistanceKm: options.double("max_distance_km"), maxLoopLength: cap == 0 ? nil : cap,
                                   tieBreak: options.bool("tie_break") ?? true,
                                   timeLimitSeconds: options.double("time_limit_seconds") ?? 60,
                                   gapTolerance: options.double("gap_tolerance") ?? TradeRequestOptions.defaultGapTolerance)
    }
}
