/// What the journal says, replayed in order: per key the newest answer (where it sits in the journal,
/// not its bytes, so a million players' libraries are not held in memory) and the failures since it.
public struct JournalState: Sendable {
    public struct Entry: Sendable, Equatable {
        /// Unix seconds of the newest answer.
        public var answeredAt: Int64?
        /// Byte range of the newest answer's line in the journal.
        public var answerLine: Range<Int64>?
        /// For ResolveVanityURL: the SteamID64 the newest answer gave.
        public var resolvedSteamID: String?
        /// The newest failure, when it is newer than the newest answer.
        public var failure: FetchFailure?
        /// Calls that failed since the newest answer, over all runs.
        public var failedAttempts = 0
    }

    public private(set) var entries: [CacheKey: Entry] = [:]
    /// Lines replayed (answers and failures); the journal is compacted when most are superseded.
    public private(set) var lines = 0

    public init() {}

    public mutating func apply(_ record: JournalRecord, lineRange: Range<Int64>) {
        lines += 1
        var entry = entries[record.key] ?? Entry()
        switch record.result {
        case .envelope(_, let resolved):
            entry.answeredAt = record.at
            entry.answerLine = lineRange
            entry.resolvedSteamID = resolved
            entry.failure = nil
            entry.failedAttempts = 0
        case .failure(let failure):
            entry.failure = failure
            entry.failedAttempts += record.attempts
        }
        entries[record.key] = entry
    }

    /// Unix seconds of the newest answer per key (the planner's cache).
    public var answeredAt: [CacheKey: Int64] { entries.compactMapValues(\.answeredAt) }

    /// Keys whose newest record is a failure, sorted.
    public var failing: [(key: CacheKey, failure: FetchFailure, attempts: Int)] {
        entries.compactMap { key, entry in entry.failure.map { (key, $0, entry.failedAttempts) } }.sorted { $0.key < $1.key }
    }

    /// Answered keys per method, sorted, with their journal line.
    public func answers(for endpoint: SteamEndpoint) -> [(key: CacheKey, line: Range<Int64>)] {
        entries.compactMap { key, entry in key.endpoint == endpoint ? entry.answerLine.map { (key, $0) } : nil }.sorted { $0.key < $1.key }
    }

    /// Vanity name → SteamID64, from the newest answers.
    public var resolvedVanities: [String: String] {
        var out: [String: String] = [:]
        for (key, entry) in entries where key.endpoint == .resolveVanityURL {
            if let vanity = key.vanity, let id = entry.resolvedSteamID, entry.answerLine != nil { out[vanity] = id }
        }
        return out
    }

    /// Lines a compacted journal would keep: one answer and at most one failure per key.
    public var liveLines: Int { entries.values.reduce(0) { $0 + ($1.answerLine != nil ? 1 : 0) + ($1.failure != nil ? 1 : 0) } }
}
