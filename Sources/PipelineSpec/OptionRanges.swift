import PipelineCore

/// Every numeric option of the pipeline files and the command line, with its range: the one place both
/// are checked (the README's "Numeric options" table lists the same ranges). Values outside are an error
/// (exit 2) that names the key or flag, never a trap or a silent clamp.
public enum OptionRanges {
    /// Worker threads; 0 = one per core.
    public static let threads = NumericRange(0, 1024, integer: true)
    /// Proposals per player (`pair.k`, `--k`): the scorer keeps up to 2k candidates per player.
    public static let k = NumericRange(1, 1000, integer: true)
    /// Distances in km (`default_max_distance_km`, `default_accuracy_km`, `max_distance_km` and their flags):
    /// nothing on Earth is farther than half its circumference (~20,038 km).
    public static let distanceKm = NumericRange(0, 20_100, integer: false)
    /// Exposure cap factor c (`exposure_cap`, `--exposure-cap`): nobody appears in more than c·k lists.
    public static let exposureCap = NumericRange(0, 1000, integer: false)
    /// Minimum shared games (`min_shared_games`, `--min-shared-games`).
    public static let minSharedGames = NumericRange(1, 100_000, integer: true)
    /// Longest trade loop (`max_loop_length`, `--max-loop-length`); 0 = uncapped, a loop needs two traders.
    public static let maxLoopLength = NumericRange(0, 100_000, integer: true)
    /// CPU-seconds budget of the exact capped trade solve (`time_limit_seconds`, `--time-limit`).
    public static let tradeTimeLimitSeconds = NumericRange(0.1, 86_400, integer: false)
    /// Relative gap at which a capped trade solve stops searching (`gap_tolerance`, `--gap-tolerance`).
    public static let tradeGapTolerance = NumericRange(0, 0.5, integer: false)
    /// α of the game vectors' depth-damped length (`norm_exponent`, `--norm-exponent`): 1 = plain cosine.
    public static let normExponent = NumericRange(0, 1, integer: false)
    /// Smallest piece of a JSON Lines bundle dealt between ingest shares (`convert --min-piece-bytes`): 1 byte to 1 PiB.
    public static let minPieceBytes = NumericRange(1, 1_125_899_906_842_624, integer: true)
    /// Synthetic players (`generate --players`).
    public static let syntheticPlayers = NumericRange(0, 50_000_000, integer: true)
    /// Normalize's memory limit in MiB before it spills partitions to disk (`memory_limit_mb`, `--memory-limit`);
    /// 0 = no limit (never spill).
    public static let memoryLimitMB = NumericRange(0, 16_777_216, integer: true)
    /// Seconds to wait for another run holding the output's lock (`--lock-wait`).
    public static let lockWaitSeconds = NumericRange(0, 86_400, integer: false)

    /// Fetch: calls per second (`requests_per_second`, `fetch --rate`); Steam allows 100,000 a day per key (~1.16/s).
    public static let fetchRequestsPerSecond = NumericRange(0.001, 10_000, integer: false)
    /// Fetch: calls that may start back to back (`burst`, `--burst`).
    public static let fetchBurst = NumericRange(1, 10_000, integer: true)
    /// Fetch: calls in flight (`concurrency`, `--concurrency`).
    public static let fetchConcurrency = NumericRange(1, 256, integer: true)
    /// Fetch: seconds per call (`timeout_seconds`, `--timeout`).
    public static let fetchTimeoutSeconds = NumericRange(0.05, 3_600, integer: false)
    /// Fetch: calls per request, the first included (`max_attempts`, `--max-attempts`).
    public static let fetchMaxAttempts = NumericRange(1, 100, integer: true)
    /// Fetch: the run's time budget in seconds (`time_budget_seconds`, `--budget`).
    public static let fetchTimeBudgetSeconds = NumericRange(0.1, 7 * 86_400, integer: false)

    /// Ranges of stage options in pipeline files, by stage and key.
    public static let stageKeys: [PipelineDefinition.StageName: [String: NumericRange]] = [
        .pair: [
            "k": k, "default_max_distance_km": distanceKm, "default_accuracy_km": distanceKm, "exposure_cap": exposureCap,
            "min_shared_games": minSharedGames, "norm_exponent": normExponent,
        ],
        .fetch: [
            "requests_per_second": fetchRequestsPerSecond, "burst": fetchBurst, "concurrency": fetchConcurrency,
            "timeout_seconds": fetchTimeoutSeconds, "max_attempts": fetchMaxAttempts, "time_budget_seconds": fetchTimeBudgetSeconds,
        ],
        .trade: ["max_distance_km": distanceKm, "max_loop_length": maxLoopLength, "time_limit_seconds": tradeTimeLimitSeconds,
                 "gap_tolerance": tradeGapTolerance],
    ]

    /// Checks command-line values (flag, value or nil when not given, range); one diagnostic per bad flag.
    public static func check(_ flags: [(flag: String, value: Double?, range: NumericRange)]) -> [Diagnostic] {
        flags.compactMap { flag, value, range in
            guard let value, !range.contains(value) else { return nil }
            return .error("option.outOfRange", "\(flag) must be \(range.text) (got \(display(value)))")
        }
    }

    static func display(_ value: Double) -> String {
        value.isFinite && value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The same for pipeline-file values: the message names the key.
    /// `max_loop_length` 1 is inside `maxLoopLength` (0…) but cannot trade: a loop needs two traders. The one
    /// rule for the pipeline key and the flag alike; `name` is how the caller names the option.
    public static func loopLengthProblem(_ value: Int?, name: String) -> String? {
        value == 1 ? "\(name) must be 0 (uncapped) or at least 2: a loop needs two traders (got 1)" : nil
    }

    static func message(key: String, stage: String?, range: NumericRange, value: StageOptions.Value) -> String? {
        let shown: String
        switch value {
        case .int(let v): if range.contains(v) { return nil } else { shown = String(v) }
        case .double(let v): if range.contains(v) { return nil } else { shown = display(v) }
        default: return nil
        }
        let place = stage.map { "'\(key)' in stage '\($0)'" } ?? "'\(key)'"
        return "\(place) must be \(range.text) (got \(shown))"
    }
}
