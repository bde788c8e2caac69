import PipelineCore

/// An id element as read: absent, empty, invalid (with its text) or valid, with where it was.
enum IDField<ID> {
    case absent
    case empty(SourceLocation)
    case invalid(String, SourceLocation)
    case valid(ID, SourceLocation)

    var value: ID? {
        if case .valid(let id, _) = self { return id }
        return nil
    }

    var location: SourceLocation? {
        switch self {
        case .absent: nil
        case .empty(let at), .invalid(_, let at), .valid(_, let at): at
        }
    }
}
