/// Parsers for the plain-text values of Steam Community XML, working on the trimmed UTF-8 bytes of an
/// element (no `String`, no locale, no `Double`).
enum SteamXMLValue {
    /// Decimal digits (`,` thousands separators allowed) as a non-negative integer; `nil` otherwise.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ",") && digits > 0 { continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(byte - 0x30))
            if o1 || o2 { return nil }
            value = sum
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// Plain decimal digits as a `UInt64` (ids); `nil` for anything else or on overflow.
    static func unsigned64(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard !bytes.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(byte - 0x30))
            if o1 || o2 { return nil }
            value = sum
        }
        return value
    }

    /// `0`/`1` (also `true`/`false`).
    static func flag(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if bytes.count == 1 {
            if bytes[0] == UInt8(ascii: "0") { return false }
            if bytes[0] == UInt8(ascii: "1") { return true }
            return nil
        }
        if bytes.elementsEqual("true".utf8) { return true }
        if bytes.elementsEqual("false".utf8) { return false }
        return nil
    }

    /// Decimal hours (`589.7`, `8`, `1,033`, `1,234.5`) to minutes, `round(hours × 60)` with halves rounded
    /// up, computed exactly in integers. `nil` when the text is not such a number.
    static func minutes(fromHours bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var whole = 0
        var fraction = 0
        var scale = 1
        var digits = 0
        var inFraction = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                let digit = Int(byte - 0x30)
                if inFraction {
                    if scale < 1_000_000 {
                        fraction = fraction * 10 + digit
                        scale *= 10
                    }
                } else {
                    whole = whole * 10 + digit
                    if whole > 1_000_000_000 { return nil }
                }
                digits += 1
            case UInt8(ascii: ","):
                if inFraction || digits == 0 { return nil }
            case UInt8(ascii: "."):
                if inFraction { return nil }
                inFraction = true
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        let sixtieths = (whole * scale + fraction) * 60
        let minutes = sixtieths / scale
        return minutes + (2 * (sixtieths % scale) >= scale ? 1 : 0)
    }

    /// The number after the first `marker` (`/app/`, `/apps/`) in a URL, e.g. 35140 in
    /// `http://store.steampowered.com//app/35140`.
    static func number(after marker: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let pattern = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        guard bytes.count > pattern.count else { return nil }
        var start = 0
        while start + pattern.count < bytes.count {
            var matches = true
            for k in 0..<pattern.count where bytes[start + k] != pattern[k] {
                matches = false
                break
            }
            if matches {
                var value: UInt64 = 0
                var index = start + pattern.count
                var digits = 0
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 11 {
                    value = value * 10 + UInt64(bytes[index] - 0x30)
                    index += 1
                    digits += 1
                }
                if digits > 0, value <= UInt64(UInt32.max) { return UInt32(value) }
            }
            start += 1
        }
        return nil
    }

    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                     "september", "october", "november", "december"]

    /// `memberSince` (`September 20, 2006`, `September 24th, 2003`, `Sept 3 2010`) as `YYYY-MM-DD`.
    /// Month names are English (full, or their first three letters, or `Sept`); the day may carry an
    /// ordinal suffix; the comma is optional. `nil` for anything else or an impossible date.
    static func isoDate(fromMemberSince bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var index = 0
        func skipSpaces() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        var word: [UInt8] = []
        while index < bytes.count, let lower = asciiLowerLetter(bytes[index]) {
            word.append(lower)
            index += 1
        }
        if word.last == UInt8(ascii: "."), word.count > 1 { word.removeLast() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1 }
        guard word.count >= 3, let month = monthNames.firstIndex(where: { name in
            word.count == name.utf8.count ? word.elementsEqual(name.utf8)
                : (word.count == 3 || (word.count == 4 && name == "september")) && name.utf8.starts(with: word)
        }) else { return nil }
        skipSpaces()
        var day = 0
        var dayDigits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, dayDigits < 2 {
            day = day * 10 + Int(bytes[index] - 0x30)
            index += 1
            dayDigits += 1
        }
        guard dayDigits > 0 else { return nil }
        if index + 1 < bytes.count, let a = asciiLowerLetter(bytes[index]), let b = asciiLowerLetter(bytes[index + 1]) {
            let suffix = [a, b]
            guard [Array("st".utf8), Array("nd".utf8), Array("rd".utf8), Array("th".utf8)].contains(suffix) else { return nil }
            index += 2
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
        skipSpaces()
        var year = 0
        var yearDigits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, yearDigits < 5 {
            year = year * 10 + Int(bytes[index] - 0x30)
            index += 1
            yearDigits += 1
        }
        skipSpaces()
        guard yearDigits == 4, index == bytes.count, year >= 1970 else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let monthLengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= monthLengths[month] else { return nil }
        return "\(year)-\(month < 9 ? "0" : "")\(month + 1)-\(day < 10 ? "0" : "")\(day)"
    }

    @inline(__always) private static func asciiLowerLetter(_ byte: UInt8) -> UInt8? {
        if byte >= 0x61 && byte <= 0x7A { return byte }
        if byte >= 0x41 && byte <= 0x5A { return byte + 0x20 }
        return nil
    }
}
