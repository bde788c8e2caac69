/// Options of the `pair` stage (see the README's pipeline-file section).
public enum PairStageOptions {
    public static let spec = StageOptionSpec([
        "k": .positiveInt,
    ])
}
