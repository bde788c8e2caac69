import JSONPullReader
import PipelineCore
import PlayerModel

/// Reads `decisions.jsonl`: one `{"from","to","decision","at"}` object per line. Bad lines become
/// diagnostics (`decisions.*`) and are skipped; blank lines are ignored. Lines are read with the project's
/// pull reader (`JSONPullReader.stringFields`), in place.
public enum DecisionParser {
    public static func parse(_ bytes: [UInt8], file: String, sink: any DiagnosticSink) -> [Decision] {
        var out: [Decision] = []
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            var slice = bytes[start..<end]
            if slice.last == 0x0D { slice = slice.dropLast() }
            defer { start = end + 1 }
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { if end >= bytes.count { break } else { continue } }
            let at = SourceLocation(file: file, line: lineNumber)
            guard let raw = slice.withUnsafeBytes({ JSONPullReader.stringFields(of: $0, keys: ["from", "to", "decision", "at"]) }) else {
                sink.error("decisions.invalidJSON", "not a JSON object with string fields from, to, decision, at", at: at)
                continue
            }
            guard let fromText = raw[0], let toText = raw[1], let kindText = raw[2], let atText = raw[3] else {
                let missing = zip(["from", "to", "decision", "at"], raw).filter { $0.1 == nil }.map(\.0).joined(separator: ", ")
                sink.error("decisions.missingField", "missing \(missing)", at: at)
                continue
            }
            guard let from = SteamID64(fromText) else {
                sink.error("decisions.invalidSteamID", "from is not a SteamID64: \(fromText)", at: at); continue
            }
            guard let to = SteamID64(toText) else {
                sink.error("decisions.invalidSteamID", "to is not a SteamID64: \(toText)", at: at); continue
            }
            guard let kind = Decision.Kind(rawValue: kindText) else {
                sink.error("decisions.invalidKind", "decision must be accept, reject or block, not \(kindText)", at: at)
                continue
            }
            guard let seconds = UTCTimestamp.parse(atText) else {
                sink.error("decisions.invalidTimestamp", "at is not an ISO 8601 instant: \(atText)", at: at); continue
            }
            guard from != to else {
                sink.error("decisions.selfDecision", "a player cannot decide about themself", at: at); continue
            }
            out.append(Decision(from: from, to: to, kind: kind, at: seconds, line: lineNumber))
            if end >= bytes.count { break }
        }
        return out
    }
}
