import Foundation

/// Folds place names for comparison: case- and accent-insensitive (NFKD without combining marks), letters without a decomposition mapped
/// (ø → o, ß → ss, ł → l, …), apostrophes dropped, every other run of punctuation or space turned into one space.
/// "São Paulo" and "sao  paulo" fold alike; so do "Moldova, Republic of " and "moldova republic of".
enum LocationNameFolding {
    private static let special: [Character: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
        "ŀ": "l", "ŧ": "t",
    ]
    private static let dropped: Set<Character> = ["'", "’", "‘", "`", "ʻ", "ʼ"]

    static func fold(_ text: some StringProtocol) -> String {
        foldASCII(text.utf8) ?? foldCharacters(text)
    }

    /// `fold`, character by character (any text).
    static func foldCharacters(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func append(_ scalar: Unicode.Scalar) {
            if pendingSpace && !out.isEmpty { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        for character in text {
            // Fast path: plain ASCII.
            if let ascii = character.asciiValue {
                switch ascii {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): append(Unicode.Scalar(ascii + 32))
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    append(Unicode.Scalar(ascii))
                case UInt8(ascii: "'"), UInt8(ascii: "`"): break
                default: pendingSpace = true
                }
                continue
            }
            for lower in character.lowercased() where !dropped.contains(lower) {
                let pieces: String = special[lower] ?? String(lower).decomposedStringWithCompatibilityMapping
                for scalar in pieces.unicodeScalars {
                    if scalar.properties.generalCategory == .nonspacingMark { continue }
                    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                        append(scalar)
                    } else {
                        pendingSpace = true
                    }
                }
            }
        }
        return out
    }

    /// `fold` of a text that is all ASCII, byte by byte (the table's names mostly are; walking them as
    /// `Character`s was most of the folding's cost); nil when the text holds any other byte.
    static func foldASCII(_ bytes: some Collection<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            var kept = byte
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept = byte + 32
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "'"), UInt8(ascii: "`"): continue
            default:
                pendingSpace = true
                continue
            }
            if pendingSpace && !out.isEmpty { out.append(UInt8(ascii: " ")) }
            pendingSpace = false
            out.append(kept)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
