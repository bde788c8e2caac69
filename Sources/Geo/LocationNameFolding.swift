import Foundation

/// Folds place names for comparison: case- and accent-insensitive, letters without a decomposition mapped
/// (ø → o, ß → ss, ł → l, …), apostrophes dropped, every other run of punctuation or space turned into one space.
/// "São Paulo" and "sao  paulo" fold alike; so do "Moldova, Republic of " and "moldova republic of".
enum LocationNameFolding {
    private static let special: [Character: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
        "ŀ": "l", "ŧ": "t",
    ]
    private static let dropped: Set<Character> = ["'", "’", "‘", "`", "ʻ", "ʼ"]

    static func fold(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in String(text).lowercased() {
            if dropped.contains(character) { continue }
            let pieces: String = special[character] ?? String(character).decomposedStringWithCanonicalMapping
            for scalar in pieces.unicodeScalars {
                if scalar.properties.generalCategory == .nonspacingMark { continue }
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if pendingSpace && !out.isEmpty { out.append(" ") }
                    pendingSpace = false
                    out.unicodeScalars.append(scalar)
                } else {
                    pendingSpace = true
                }
            }
        }
        return out
    }
}
