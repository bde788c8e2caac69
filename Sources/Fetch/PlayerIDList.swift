import JSONPullReader
import PipelineCore
import PlayerModel

/// The players to fetch, read from text: an id file (one SteamID64 or vanity name per line, `#` comments)
/// or the app's `preferences.jsonl` (each line's `steamid`). Bad lines are diagnostics; the rest is kept.
public struct PlayerIDList: Sendable, Equatable {
    /// Valid SteamID64s, as decimal text, de-duplicated and sorted.
    public var steamIDs: [String] = []
    /// Vanity names (custom URL names) to resolve first, sorted.
    public var vanityNames: [String] = []

    public init(steamIDs: [String] = [], vanityNames: [String] = []) {
        self.steamIDs = steamIDs
        self.vanityNames = vanityNames
    }

    /// An id file. A line of digits must be a valid SteamID64; a line of `A-Z a-z 0-9 _ -` (2…32) is a vanity name.
    public static func parseIDFile(_ text: String, file: String, diagnostics: some DiagnosticSink) -> PlayerIDList {
        var ids = Set<String>(), names = Set<String>()
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let trimmed = String(line).trimmingCharacters(in: [" ", "\t", "\r"])
            if trimmed.isEmpty { continue }
            if trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                if let id = SteamID64(trimmed) { ids.insert(id.description) } else {
                    diagnostics.emit(.error("fetch.badID", "'\(trimmed)' is not a valid SteamID64", at: SourceLocation(file: file, line: index + 1)))
                }
            } else if isVanityName(trimmed) {
                names.insert(trimmed)
            } else {
                diagnostics.emit(.error("fetch.badID", "'\(trimmed.prefix(40))' is neither a SteamID64 nor a vanity name",
                                          at: SourceLocation(file: file, line: index + 1)))
            }
        }
        return PlayerIDList(steamIDs: sortedIDs(ids), vanityNames: names.sorted())
    }

    /// The `steamid` of every preferences line (other lines' problems are ingest's business, not fetch's).
    public static func parsePreferences(_ bytes: UnsafeRawBufferPointer) -> PlayerIDList {
        var ids = Set<String>()
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let fields = JSONPullReader.stringFields(of: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), keys: ["steamid"]),
               let text = fields[0], let id = SteamID64(text) {
                ids.insert(id.description)
            }
            start = end + 1
        }
        return PlayerIDList(steamIDs: sortedIDs(ids))
    }

    static func isVanityName(_ text: String) -> Bool {
        (2...32).contains(text.utf8.count) && text.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F || $0 == 0x2D
        }
    }

    static func sortedIDs(_ ids: Set<String>) -> [String] {
        ids.sorted { $0.utf8.count != $1.utf8.count ? $0.utf8.count < $1.utf8.count : $0 < $1 }
    }
}
