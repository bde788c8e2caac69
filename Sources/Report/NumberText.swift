/// Fixed number formatting for the report: no locale, no `String(format:)`, so the page is the same bytes
/// on every machine. Rounding is half away from zero on the decimal digits shown.
public enum NumberText {
    /// `x` with exactly `digits` decimals (`fixed(0.4914, 2)` is `0.49`); non-finite values print as `–`.
    public static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9e15 else { return x < 0 ? "-∞" : "∞" }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        var text = (x < 0 && units != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = String(units % Int64(scale))
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// An integer with thousands separators: `1560` is `1,560`.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// `part / whole` as a percentage with one decimal (`12.5 %`); `–` when `whole` is 0.
    public static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return fixed(Double(part) * 100 / Double(whole), 1) + " %"
    }

    /// A signed change, `+12` or `-3`.
    public static func signed(_ n: Int) -> String {
        n > 0 ? "+" + grouped(n) : grouped(n)
    }
}
