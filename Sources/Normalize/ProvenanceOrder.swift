/// The order of provenance texts (`file` or `file:line`, compared as `String`s) computed from the file and
/// line without building the texts when the files have the same bytes, which is the common case (two lines of
/// one bundle): the texts then share the prefix `file:` and differ in the line's decimal digits, compared as
/// text ("12" sorts before "3"). Other files fall back to comparing the texts.
enum ProvenanceOrder {
    static func text(file: String, line: Int?) -> String {
        guard let line else { return file }
        return "\(file):\(line)"
    }

    /// Whether `text(file: a, line: lineA) < text(file: b, line: lineB)`.
    static func less(file a: String, line lineA: Int?, thanFile b: String, line lineB: Int?) -> Bool {
        // Files with the same bytes: the suffixes decide. Anything else compares as text, the way the texts always
        // compared (two spellings `==` calls equal can order inconsistently as texts, so no shortcut there).
        guard SharedRowValues.sameBytes(a, b) else { return text(file: a, line: lineA) < text(file: b, line: lineB) }
        switch (lineA, lineB) {
        case (nil, nil): return false
        case (nil, _): return true  // `file` is a prefix of `file:n`
        case (_, nil): return false
        case let (x?, y?):
            guard x >= 0, y >= 0 else { return text(file: a, line: x) < text(file: b, line: y) }
            return decimalTextLess(UInt64(x), UInt64(y))
        }
    }

    /// Whether the decimal text of `x` sorts before that of `y` (lexicographically, as text).
    static func decimalTextLess(_ x: UInt64, _ y: UInt64) -> Bool {
        let dx = digitCount(x), dy = digitCount(y)
        let n = min(dx, dy)
        // The first n digits of each, as numbers of n digits, compare as their texts do.
        let px = x / powersOfTen[dx - n], py = y / powersOfTen[dy - n]
        if px != py { return px < py }
        return dx < dy  // one text is a prefix of the other
    }

    private static let powersOfTen: [UInt64] = (0..<20).map { (0..<$0).reduce(1) { acc, _ in acc * 10 } }

    private static func digitCount(_ x: UInt64) -> Int {
        var count = 1
        while count < 20, x >= powersOfTen[count] { count += 1 }
        return count
    }
}
