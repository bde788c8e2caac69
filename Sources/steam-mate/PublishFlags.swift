import ArgumentParser
import PipelineRunner
import PipelineSpec

/// `--force`, `--allow-empty` and `--lock-wait`, for every subcommand that publishes an output directory.
struct PublishFlags: ParsableArguments {
    @Flag(help: "Replace the output even if it is not a previous steam-mate output (otherwise refused, exit 2).")
    var force = false

    @Flag(help: "Publish even when nothing usable was read (otherwise the previous output is kept, exit 1).")
    var allowEmpty = false

    @Option(help: "Seconds to wait for another run publishing to the same output (then exit 3).")
    var lockWait: Double = 120

    var rangeChecks: [(flag: String, value: Double?, range: NumericRange)] {
        [("--lock-wait", lockWait, OptionRanges.lockWaitSeconds)]
    }

    var policy: PublishPolicy {
        PublishPolicy(force: force, allowEmpty: allowEmpty, lockWait: .milliseconds(Int64((lockWait.isFinite ? lockWait : 0) * 1000)))
    }
}
