import ArgumentParser
import PipelineRunner
import PipelineSpec

/// `--memory-limit` and `--spill-dir`, for the commands that normalize (`convert`, `run`).
struct SpillFlags: ParsableArguments {
    @Option(help: "MiB of normalize state to hold before spilling partitions to disk (0 = no limit); overrides the pipeline's 'memory_limit_mb'.")
    var memoryLimit: Int?

    @Option(help: "Directory in which the private spill directory is made (default: TMPDIR or /tmp); overrides 'spill_dir'.")
    var spillDir: String?

    var rangeChecks: [(flag: String, value: Double?, range: NumericRange)] {
        [("--memory-limit", memoryLimit.map(Double.init), OptionRanges.memoryLimitMB)]
    }

    /// `base` with the flags given applied.
    func apply(to base: SpillSettings) -> SpillSettings {
        var settings = base
        if let memoryLimit { settings.memoryLimitMB = memoryLimit }
        if let spillDir { settings.directory = spillDir }
        return settings
    }
}
