import Foundation

/// Helpers for Steam-style community XML text.
enum XMLText {
    /// `<![CDATA[text]]>`; a `]]>` inside the text is split across two sections, as XML requires.
    static func cdata(_ text: String) -> String {
        "<![CDATA[" + text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }

    /// Decimal hours with one decimal (none when whole) and thousands separators: `589.7`, `8`, `1,033.4`.
    static func hours(minutes: Int) -> String {
        let tenths = (minutes * 10 + 30) / 60
        let whole = tenths / 10, fraction = tenths % 10
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits = String(digits.dropLast(3))
        }
        grouped = digits + grouped
        return fraction == 0 ? grouped : "\(grouped).\(fraction)"
    }
}
