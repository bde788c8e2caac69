import PipelineCore

/// Builds JSON text by hand (Steam's key order, no Foundation encoder).
enum JSONText {
    /// A JSON string literal with the mandatory escapes (quote, backslash, control characters).
    static func quoted(_ text: String) -> String { JSONStringLiteral.quoted(text) }

    /// A number the way Steam prints distances and hours: integral values without a fraction.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
