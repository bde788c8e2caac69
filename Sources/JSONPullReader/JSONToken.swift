/// One token of a JSON text, as `JSONPullReader.next()` returns it. The text of a key, string or number
/// is read from the reader (`string()`, `keyEquals(_:)`, `int64()`, `double()`, …) while it is current.
public enum JSONToken: Sendable, Hashable {
    case objectBegin
    case objectEnd
    case arrayBegin
    case arrayEnd
    /// An object key; the reader has already consumed the `:` after it.
    case key
    case string
    case number
    case bool(Bool)
    case null
    /// The top-level value is complete and only whitespace followed it.
    case endOfDocument

    /// Inlinable so that comparing with a constant token compiles to a byte compare in client modules.
    @inlinable
    public static func == (lhs: JSONToken, rhs: JSONToken) -> Bool {
        switch (lhs, rhs) {
        case (.objectBegin, .objectBegin), (.objectEnd, .objectEnd), (.arrayBegin, .arrayBegin), (.arrayEnd, .arrayEnd),
             (.key, .key), (.string, .string), (.number, .number), (.null, .null), (.endOfDocument, .endOfDocument):
            return true
        case (.bool(let left), .bool(let right)):
            return left == right
        default:
            return false
        }
    }
}
