/// What one fetch run did, for `fetch_summary.json` and the stderr line.
public struct FetchSummary: Sendable, Equatable {
    /// Players asked for (ids plus resolved vanity names).
    public var players = 0
    /// Keys (method × subject) wanted this run.
    public var keysWanted = 0
    /// Keys that already had a fresh answer (no call made).
    public var keysFresh = 0
    /// Keys answered by this run.
    public var keysAnswered = 0
    /// HTTP calls made, retries included.
    public var calls = 0
    /// Retries (calls after a failed one for the same request).
    public var retries = 0
    /// Keys whose newest call failed, by failure kind (this run's and earlier runs' not retried).
    public var failuresByKind: [FetchFailure.Kind: Int] = [:]
    /// The time budget ended with calls left to make.
    public var budgetExhausted = false
    /// Lines of a torn journal tail that were cut off (a run killed mid-write).
    public var tornBytesDropped = 0
    /// Wall seconds of the run.
    public var wallSeconds = 0.0

    public init() {}

    public var failures: Int { failuresByKind.values.reduce(0, +) }

    /// Stable JSON, keys sorted.
    public func json() -> String {
        let kinds = failuresByKind.keys.sorted().map { "\(JSONText.string($0.rawValue)):\(failuresByKind[$0]!)" }.joined(separator: ",")
        return "{\"budget_exhausted\":\(budgetExhausted),\"calls\":\(calls),\"failures\":\(failures),\"failures_by_kind\":{\(kinds)},"
            + "\"keys_answered\":\(keysAnswered),\"keys_fresh\":\(keysFresh),\"keys_wanted\":\(keysWanted),\"players\":\(players),"
            + "\"retries\":\(retries),\"torn_bytes_dropped\":\(tornBytesDropped),\"wall_seconds\":\(JSONText.seconds(wallSeconds))}\n"
    }

    /// The one-line stderr summary.
    public var line: String {
        var text = "fetch: players \(players), keys \(keysWanted) (fresh \(keysFresh), answered \(keysAnswered), failed \(failures)), calls \(calls) (retries \(retries))"
        if !failuresByKind.isEmpty {
            text += ", failures " + failuresByKind.keys.sorted().map { "\($0.rawValue) \(failuresByKind[$0]!)" }.joined(separator: ", ")
        }
        if budgetExhausted { text += ", time budget exhausted" }
        return text + ", wall \(JSONText.seconds(wallSeconds)) s"
    }
}
