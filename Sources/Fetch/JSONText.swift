import PipelineCore

/// Small JSON writing helpers for the fetch files (strings escaped per RFC 8259; keys are written in a
/// fixed, sorted order by the callers).
enum JSONText {
    static func string(_ text: String) -> String { JSONStringLiteral.quoted(text) }

    /// Seconds with at most three decimals, without exponent (`0.125`, `12`).
    static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let millis = Int64((value * 1000).rounded())
        let whole = millis / 1000, fraction = millis % 1000
        if fraction == 0 { return String(whole) }
        var text = String(fraction)
        text = String(repeating: "0", count: 3 - text.count) + text
        while text.hasSuffix("0") { text.removeLast() }
        return "\(whole).\(text)"
    }
}
