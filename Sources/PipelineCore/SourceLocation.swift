/// Where a diagnostic points: a file relative to the dataset root (never an absolute path, so that
/// diagnostics are stable in golden outputs), a 1-based line, and optionally a document path
/// (an XML element path such as `/profile/steamID64` or a JSON Pointer such as `/response/players/0/steamid`).
public struct SourceLocation: Sendable, Codable, Hashable, Comparable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var path: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// `file:line` or `file` when the line is unknown.
    public var fileAndLine: String {
        guard let line else { return file }
        return "\(file):\(line)"
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if (lhs.line ?? 0) != (rhs.line ?? 0) { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if (lhs.column ?? 0) != (rhs.column ?? 0) { return (lhs.column ?? 0) < (rhs.column ?? 0) }
        return (lhs.path ?? "") < (rhs.path ?? "")
    }
}
