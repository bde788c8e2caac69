/// Options of the `trade` stage (see the README's pipeline-file section).
public enum TradeStageOptions {
    public static let spec = StageOptionSpec([
        "max_distance_km": .nonNegativeDouble,
    ])
}
