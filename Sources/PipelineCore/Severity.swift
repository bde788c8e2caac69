/// How bad a diagnostic is. Only `.error` makes a run exit non-zero.
public enum Severity: String, Sendable, Codable, Hashable, Comparable, CaseIterable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
