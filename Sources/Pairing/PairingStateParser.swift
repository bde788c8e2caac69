import JSONPullReader
import PipelineCore
import PlayerModel

/// Reads the carry-over state a run leaves for the next one:
/// `state/matches.jsonl` (`{"a","b","matched_at"}`, a < b) and `state/unpaired.jsonl` (`{"steamid","reason"}`).
/// Bad lines become `state.*` diagnostics and are skipped.
public enum PairingStateParser {
    public static func parseMatches(_ bytes: [UInt8], file: String, sink: any DiagnosticSink) -> [MatchRecord] {
        var out: [MatchRecord] = []
        forEachLine(bytes) { line, slice in
            let at = SourceLocation(file: file, line: line)
            guard let raw = slice.withUnsafeBytes({ JSONPullReader.stringFields(of: $0, keys: ["a", "b", "matched_at"]) }),
                  let a = raw[0].flatMap({ SteamID64($0) }), let b = raw[1].flatMap({ SteamID64($0) }), a != b,
                  let t = raw[2].flatMap(UTCTimestamp.parse) else {
                sink.error("state.invalidMatch", "expected {\"a\",\"b\",\"matched_at\"} with two SteamID64s", at: at)
                return
            }
            out.append(MatchRecord(pair: PairKey(a, b), matchedAt: t))
        }
        return out
    }

    public static func parseUnpaired(_ bytes: [UInt8], file: String, sink: any DiagnosticSink) -> [SteamID64] {
        var out: [SteamID64] = []
        forEachLine(bytes) { line, slice in
            guard let raw = slice.withUnsafeBytes({ JSONPullReader.stringFields(of: $0, keys: ["steamid", "reason"]) }),
                  let id = raw[0].flatMap({ SteamID64($0) }) else {
                sink.error("state.invalidUnpaired", "expected {\"steamid\",\"reason\"}",
                           at: SourceLocation(file: file, line: line))
                return
            }
            out.append(id)
        }
        return out
    }

    /// Calls `body` with each non-blank line (1-based number, bytes without the line end).
    static func forEachLine(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) throws -> Void) rethrows {
        var start = 0, line = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            line += 1
            var slice = bytes[start..<end]
            if slice.last == 0x0D { slice = slice.dropLast() }
            if !slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { try body(line, slice) }
            start = end + 1
        }
    }
}
