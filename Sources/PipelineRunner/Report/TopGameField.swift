/// Reads the first game of a `top_games` cell of `pairings.csv` (`{"appid":500,"name":"Left 4 Dead",…};…`, with the
/// CSV's doubled quotes still in place) without building the whole JSON value: the appid digits and the name.
enum TopGameField {
    private static let appidKey = Array("appid".utf8)
    private static let nameKey = Array("name".utf8)

    static func first(_ raw: UnsafeBufferPointer<UInt8>, nameIfNew isKnown: (Int) -> Bool) -> (appid: Int, name: String?)? {
        guard let appidAt = find(appidKey, in: raw, from: 0) else { return nil }
        var i = appidAt
        while i < raw.count, !(raw[i] >= 0x30 && raw[i] <= 0x39) { i += 1 }
        var appid = 0
        var digits = 0
        while i < raw.count, raw[i] >= 0x30, raw[i] <= 0x39, digits < 12 {
            appid = appid * 10 + Int(raw[i] - 0x30)
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        // The name is decoded only the first time an appid is seen (one per game, not one per pairing).
        if isKnown(appid) { return (appid, nil) }
        guard let nameAt = find(nameKey, in: raw, from: i) else { return (appid, "") }
        // Skip `"":""` (CSV-doubled) or `":"` to the opening quote(s) of the value; a doubled opening quote means
        // every quote of the JSON text is doubled, so an escaped quote `\"` is `\""` here.
        var j = nameAt
        while j < raw.count, raw[j] != UInt8(ascii: ":") { j += 1 }
        j += 1
        var quotes = 0
        while j < raw.count, raw[j] == UInt8(ascii: "\""), quotes < 2 { j += 1; quotes += 1 }
        guard quotes > 0 else { return (appid, "") }  // `null`: an unnamed game
        return (appid, decodeString(raw, from: j, doubledQuotes: quotes == 2))
    }

    /// The JSON string body starting at `from` up to its closing quote, escapes undone (`\"`, `\\`, `\/`, `\b`,
    /// `\f`, `\n`, `\r`, `\t`, `\uXXXX` with surrogate pairs); a malformed escape is kept as its bytes.
    static func decodeString(_ raw: UnsafeBufferPointer<UInt8>, from: Int, doubledQuotes: Bool) -> String {
        var bytes: [UInt8] = []
        var j = from
        while j < raw.count {
            let byte = raw[j]
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\"), j + 1 < raw.count else {
                bytes.append(byte)
                j += 1
                continue
            }
            let escaped = raw[j + 1]
            j += 2
            switch escaped {
            case UInt8(ascii: "\""):
                bytes.append(escaped)
                if doubledQuotes, j < raw.count, raw[j] == UInt8(ascii: "\"") { j += 1 }
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hex4(raw, at: j) else { bytes += [UInt8(ascii: "\\"), escaped]; continue }
                j += 4
                if (0xD800..<0xDC00).contains(unit), j + 1 < raw.count, raw[j] == UInt8(ascii: "\\"), raw[j + 1] == UInt8(ascii: "u"),
                   let low = hex4(raw, at: j + 2), (0xDC00..<0xE000).contains(low) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    j += 6
                }
                let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                bytes += Array(String(Character(scalar)).utf8)
            default: bytes.append(escaped)  // `\\`, `\/`, and anything else as itself
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32? {
        guard i + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for k in i..<(i + 4) {
            let b = raw[k]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    /// The index just past `"needle"` (the key with its quotes, single or CSV-doubled) at or after `from`.
    private static func find(_ needle: [UInt8], in raw: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard raw.count >= needle.count + 2 else { return nil }
        var i = from
        while i + needle.count < raw.count {
            if raw[i] == UInt8(ascii: "\""), raw[i + 1] == needle[0] {
                var k = 0
                while k < needle.count, raw[i + 1 + k] == needle[k] { k += 1 }
                if k == needle.count, i + 1 + k < raw.count, raw[i + 1 + k] == UInt8(ascii: "\"") { return i + 2 + k }
            }
            i += 1
        }
        return nil
    }
}
