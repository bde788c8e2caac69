/// One problem found in the input or the configuration.
///
/// Rendered compiler-style as `path:line: error: message [code]`. The `code` is stable
/// (`xml.mismatchedTag`, `steamid.outOfRange`, …): tests and tools match on it, not on the prose.
public struct Diagnostic: Error, Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public var severity: Severity
    public var code: String
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity, code: String, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
    }

    public static func error(_ code: String, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, code: code, message, at: location)
    }

    public static func warning(_ code: String, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, code: code, message, at: location)
    }

    public static func note(_ code: String, _ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.note, code: code, message, at: location)
    }

    public var description: String {
        let prefix = location.map { "\($0.fileAndLine): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message) [\(code)]"
    }

    /// Total order used for `diagnostics.json`: by location, then severity, code and message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case let (l?, r?) where l != r: return l < r
        default: break
        }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}
