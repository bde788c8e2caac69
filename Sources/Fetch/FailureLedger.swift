import JSONPullReader

/// `fetch_failures.jsonl`: one line per key whose newest call failed, sorted by key, keys of each line
/// sorted: `{"attempts":3,"cause":"…","key":"GetOwnedGames/7656…","kind":"http.status","status":503}`.
/// No timestamps: the same failures give the same bytes. The next run retries every key listed.
public enum FailureLedger {
    public static func render(_ failing: [(key: CacheKey, failure: FetchFailure, attempts: Int)]) -> String {
        failing.map { key, failure, attempts in
            var line = "{\"attempts\":\(attempts),\"cause\":\(JSONText.string(failure.cause)),\"key\":\(JSONText.string(key.description)),"
            line += "\"kind\":\(JSONText.string(failure.kind.rawValue))"
            if let status = failure.status { line += ",\"status\":\(status)" }
            return line + "}\n"
        }.joined()
    }
}

extension FailureLedger {
    /// One ledger entry as read back (for the stderr listing and tests).
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var kind: String
        public var cause: String
    }

    /// The entries of a ledger file's text, in file order (lines that are not entries are skipped).
    public static func entries(_ text: String) -> [Entry] {
        text.split(separator: "\n").compactMap { line in
            var bytes = Array(line.utf8)
            return bytes.withUnsafeMutableBytes { raw -> Entry? in
                guard let fields = JSONPullReader.stringFields(of: UnsafeRawBufferPointer(raw), keys: ["key", "kind", "cause"]),
                      let key = fields[0], let kind = fields[1] else { return nil }
                return Entry(key: key, kind: kind, cause: fields[2] ?? "")
            }
        }
    }
}
