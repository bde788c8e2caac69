import JSONPullReader

/// One line of the fetch journal (`.fetch/journal.jsonl`), the append-only log every answer and every
/// failure goes to before anything else is written. Replaying it gives the cache (what is answered and
/// when) and the failure ledger; the published bundles are rebuilt from it.
///
/// `{"key":"GetOwnedGames/7656…","at":1732400000,"attempts":1,"envelope":{…}}` or
/// `{"key":…,"at":…,"attempts":3,"failure":{"kind":"http.status","status":503,"cause":"…"}}`; for
/// ResolveVanityURL answers also `"resolved":"7656…"`.
public struct JournalRecord: Sendable, Equatable {
    public var key: CacheKey
    /// Unix seconds of the answer or of the last failed attempt.
    public var at: Int64
    /// Calls made for this key in the run that wrote the record.
    public var attempts: Int
    public var result: Result

    public enum Result: Sendable, Equatable {
        /// The envelope line (without newline) to publish.
        case envelope([UInt8], resolvedSteamID: String?)
        case failure(FetchFailure)
    }

    public init(key: CacheKey, at: Int64, attempts: Int, result: Result) {
        self.key = key
        self.at = at
        self.attempts = attempts
        self.result = result
    }

    /// The envelope ingest reads: `steamid`, `source`, `fetched_at`, `appid`, `body`, in that order.
    public static func envelope(for key: CacheKey, fetchedAt: Int64, body: [UInt8]) -> [UInt8] {
        var head = "{"
        if !key.steamID.isEmpty { head += "\"steamid\":\"\(key.steamID)\"," }
        head += "\"source\":\"\(key.endpoint.rawValue)\",\"fetched_at\":\"\(RFC3339.format(unixSeconds: fetchedAt))\","
        if let app = key.appID { head += "\"appid\":\(app)," }
        head += "\"body\":"
        return Array(head.utf8) + body + [UInt8(ascii: "}")]
    }

    /// The journal line, with its newline.
    public func line() -> [UInt8] {
        var head = "{\"key\":\(JSONText.string(key.description)),\"at\":\(at),\"attempts\":\(attempts),"
        switch result {
        case .envelope(let envelope, let resolved):
            if let resolved { head += "\"resolved\":\(JSONText.string(resolved))," }
            return Array((head + "\"envelope\":").utf8) + envelope + Array("}\n".utf8)
        case .failure(let failure):
            var inner = "{\"kind\":\(JSONText.string(failure.kind.rawValue)),"
            if let status = failure.status { inner += "\"status\":\(status)," }
            inner += "\"cause\":\(JSONText.string(failure.cause))}"
            return Array((head + "\"failure\":" + inner + "}\n").utf8)
        }
    }

    /// Parses one journal line (without its newline); `nil` for a line that is not a whole record.
    public static func parse(_ line: UnsafeRawBufferPointer) -> JournalRecord? {
        guard let members = JSONSpans.members(of: line, in: 0..<line.count) else { return nil }
        var key: CacheKey?, at: Int64?, attempts = 1, resolved: String?
        var envelope: Range<Int>?, failure: FetchFailure?
        for (name, range) in members {
            switch name {
            case "key": key = JSONSpans.string(of: line, in: range).flatMap(CacheKey.init)
            case "at": at = Int64(JSONSpans.text(of: line, in: range))
            case "attempts": attempts = Int(JSONSpans.text(of: line, in: range)) ?? 1
            case "resolved": resolved = JSONSpans.string(of: line, in: range)
            case "envelope": envelope = range
            case "failure":
                guard let fields = JSONSpans.members(of: line, in: range) else { return nil }
                var kind: FetchFailure.Kind?, status: Int?, cause = ""
                for (field, value) in fields {
                    switch field {
                    case "kind": kind = JSONSpans.string(of: line, in: value).flatMap(FetchFailure.Kind.init)
                    case "status": status = Int(JSONSpans.text(of: line, in: value))
                    case "cause": cause = JSONSpans.string(of: line, in: value) ?? ""
                    default: continue
                    }
                }
                guard let kind else { return nil }
                failure = FetchFailure(kind, status: status, cause: cause)
            default: continue
            }
        }
        guard let key, let at else { return nil }
        if let envelope {
            return JournalRecord(key: key, at: at, attempts: attempts,
                                 result: .envelope(Array(UnsafeRawBufferPointer(rebasing: line[envelope])), resolvedSteamID: resolved))
        }
        guard let failure else { return nil }
        return JournalRecord(key: key, at: at, attempts: attempts, result: .failure(failure))
    }
}
