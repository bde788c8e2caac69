/// Why one call (or one key of a batched call) did not give an answer, typed, with its cause. The cause
/// text has passed through `URLRedactor`, so it never holds the API key.
public struct FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable, Codable, Comparable {
        /// A status other than 200 (see `status`).
        case httpStatus = "http.status"
        /// No complete answer within the per-call timeout.
        case timeout = "http.timeout"
        /// The connection failed or was reset before an answer arrived.
        case connection = "http.connection"
        /// The connection closed before the announced body had arrived, or the JSON stops mid-value.
        case truncated = "response.truncated"
        /// An HTML page (an error or maintenance page) instead of JSON.
        case html = "response.html"
        /// Not JSON, or JSON of the wrong shape for the method.
        case malformedJSON = "response.malformedJSON"
        /// `{}`: Steam's answer when it has nothing to say.
        case empty = "response.empty"
        /// The player's data is private (an empty `response`, or 401/403 for a friend list).
        case privateData = "response.private"
        /// Steam answered with an error of its own (`success: false`, no vanity match, an invalid id).
        case apiError = "response.apiError"
        /// A batched answer that does not list this player.
        case missing = "response.missing"
        /// The run's time budget ended before the call was made.
        case notAttempted = "fetch.notAttempted"

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: Kind
    /// The HTTP status, when there was one.
    public var status: Int?
    /// What went wrong underneath (the HTTP client's error, the JSON reader's message, Steam's own text).
    public var cause: String
    /// The server's `Retry-After`, in seconds.
    public var retryAfter: Double?

    public init(_ kind: Kind, status: Int? = nil, cause: String, retryAfter: Double? = nil) {
        self.kind = kind
        self.status = status
        self.cause = cause
        self.retryAfter = retryAfter
    }

    /// Worth another attempt in the same run: throttling, server errors and transport trouble. Everything
    /// else is recorded at once (and still retried by the next run).
    public var isRetryable: Bool {
        switch kind {
        case .httpStatus: status.map { $0 == 429 || $0 == 408 || $0 >= 500 } ?? false
        case .timeout, .connection, .truncated, .html: true
        case .malformedJSON, .empty, .privateData, .apiError, .missing, .notAttempted: false
        }
    }

    public var description: String {
        let statusText = status.map { " \($0)" } ?? ""
        return "\(kind.rawValue)\(statusText): \(cause)"
    }
}
