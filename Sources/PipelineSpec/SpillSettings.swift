/// When normalize spills to disk: past `memoryLimitMB` MiB of estimated partition state (0 = never), into a
/// private `steam-mate-spill-XXXXXX` directory made under `directory` (default: `TMPDIR` or `/tmp`) and
/// removed when ingest ends, whether it succeeded or not.
public struct SpillSettings: Sendable, Equatable {
    public var memoryLimitMB = 0
    /// As written (resolved against the run's base directory).
    public var directory: String?

    public init(memoryLimitMB: Int = 0, directory: String? = nil) {
        self.memoryLimitMB = memoryLimitMB
        self.directory = directory
    }
}
