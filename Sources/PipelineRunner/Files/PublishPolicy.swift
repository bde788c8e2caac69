/// What a publish may do beyond the safe default (replace only our own previous output, or an empty or
/// missing path; wait a bounded time for another run publishing to the same place).
public struct PublishPolicy: Sendable {
    /// Replace whatever is at the target, even if it is not a previous output of this tool.
    public var force: Bool
    /// Publish even when the run read nothing usable (otherwise the previous output is kept, exit 1).
    public var allowEmpty: Bool
    /// How long to wait for another process that holds the output's lock before giving up (exit 3).
    public var lockWait: Duration

    public init(force: Bool = false, allowEmpty: Bool = false, lockWait: Duration = .seconds(120)) {
        self.force = force
        self.allowEmpty = allowEmpty
        self.lockWait = lockWait
    }
}
