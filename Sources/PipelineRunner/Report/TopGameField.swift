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
        // Skip `"":""` (CSV-doubled) or `":"` to the opening quote(s) of the value.
        var j = nameAt
        while j < raw.count, raw[j] != UInt8(ascii: ":") { j += 1 }
        j += 1
        while j < raw.count, raw[j] == UInt8(ascii: "\"") { j += 1 }
        var bytes: [UInt8] = []
        while j < raw.count {
            let byte = raw[j]
            if byte == UInt8(ascii: "\\"), j + 1 < raw.count {
                bytes.append(raw[j + 1])
                j += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { break }
            bytes.append(byte)
            j += 1
        }
        return (appid, String(decoding: bytes, as: UTF8.self))
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
