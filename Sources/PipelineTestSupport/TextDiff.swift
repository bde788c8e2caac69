import Foundation

/// A small line diff for test failures: the first differing lines with their line numbers.
public enum TextDiff {
    public static func render(expected: Data, actual: Data, context: Int = 2, limit: Int = 12) -> String {
        let e = String(decoding: expected, as: UTF8.self).components(separatedBy: "\n")
        let a = String(decoding: actual, as: UTF8.self).components(separatedBy: "\n")
        var out: [String] = []
        var shown = 0
        var index = 0
        while index < max(e.count, a.count), shown < limit {
            let el = index < e.count ? e[index] : nil
            let al = index < a.count ? a[index] : nil
            if el != al {
                for c in max(0, index - context)..<index where c < e.count && out.last != "  \(c + 1): \(e[c])" {
                    out.append("  \(c + 1): \(e[c])")
                }
                if let el { out.append("- \(index + 1): \(el)") }
                if let al { out.append("+ \(index + 1): \(al)") }
                shown += 1
            }
            index += 1
        }
        if e.count != a.count { out.append("(expected \(e.count) lines, got \(a.count))") }
        return out.joined(separator: "\n")
    }
}
