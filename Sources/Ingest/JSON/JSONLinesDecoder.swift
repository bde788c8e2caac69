#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONPullReader
import PipelineCore
import PlayerModel

/// Decodes JSON Lines bundles: one envelope per line
/// (`{"steamid":…,"source":…,"fetched_at":…,"appid":…,"body":{…}}`) or one flat preferences object per line.
///
/// Line rules:
/// - A blank (whitespace-only) line is skipped; a trailing CR is part of the line ending; a byte-order mark
///   at the start of the file is skipped.
/// - A line that is not one JSON object is reported once with its line number (`json.syntax`,
///   `json.truncated`, `json.encoding`, `json.tooDeep`, `json.unknownKind`) and skipped; the other lines still
///   count. Other findings on a line whose JSON is broken are dropped with it.
/// - A line with a `body` key is an envelope: `steamid`, `source`, `fetched_at` (text) and `appid` are optional
///   and go to the document's origin (owner, declaredKind, fetchedAt, appID, line); the kind is detected from
///   `body`. An invalid `steamid` or `appid` skips the line (`steamid.invalid`, `appid.invalid`). An envelope
///   `steamid` that differs from `origin.owner`, or a body that names another owner than the envelope, is
///   `document.ownerMismatch` (line skipped). A known method name in `source` that does not match the detected
///   kind is a `document.kindMismatch` warning.
/// - A line without `body` that has any of `favorite_appids`, `max_distance_km`, `anywhere`, `languages`,
///   `availability` is a preferences line (see `JSONPreferencesFields`); it needs a valid `steamid`.
/// - Anything else is `json.unknownKind`.
public enum JSONLinesDecoder {
    /// Decodes a chunk of whole lines. `firstLine` is the 1-based line number of the chunk's first line in
    /// `origin.file`; each document's origin gets its own line. Bad lines are reported and skipped.
    public static func decode(chunk: UnsafeRawBufferPointer, firstLine: Int, origin: DocumentOrigin,
                              diagnostics: some DiagnosticSink, emit: (IngestedDocument) -> Void) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        let pending = JSONPendingDiagnostics()
        // A UTF-8 byte-order mark is tolerated at the start of the file.
        let startsWithBOM = firstLine == 1 && count >= 3 && chunk[0] == 0xEF && chunk[1] == 0xBB && chunk[2] == 0xBF
        var lineStart = startsWithBOM ? 3 : 0
        var lineNumber = firstLine
        while lineStart < count {
            let remaining = count - lineStart
            let lineEnd: Int
            if let newline = memchr(base + lineStart, 0x0A, remaining) {
                lineEnd = base.distance(to: UnsafeRawPointer(newline))
            } else {
                lineEnd = count
            }
            var end = lineEnd
            if end > lineStart, chunk[end - 1] == 0x0D { end -= 1 }
            if !isBlank(chunk, from: lineStart, to: end) {
                decodeLine(UnsafeRawBufferPointer(rebasing: chunk[lineStart..<end]), lineNumber: lineNumber, origin: origin,
                           pending: pending, diagnostics: diagnostics, emit: emit)
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
    }

    @inline(__always)
    private static func isBlank(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return false }
            index += 1
        }
        return true
    }

    /// Decodes one non-blank line. Its diagnostics wait in `pending` and reach `diagnostics` only when the
    /// line is well-formed JSON; a broken line gets its grammar error alone.
    static func decodeLine(_ line: UnsafeRawBufferPointer, lineNumber: Int, origin: DocumentOrigin, pending: JSONPendingDiagnostics,
                           diagnostics: some DiagnosticSink, emit: (IngestedDocument) -> Void) {
        var lineOrigin = origin
        lineOrigin.line = lineNumber
        var reader = JSONPullReader(bytes: line)
        let fields = JSONFieldReader(origin: lineOrigin, diagnostics: pending)
        defer { pending.flush(to: diagnostics) }
        do throws(JSONError) {
            let first = try reader.next()
            guard first == .objectBegin else {
                fields.error("json.unknownKind", "a bundle line must be a JSON object, found \(JSONFieldReader<JSONPendingDiagnostics>.describe(first))", &reader)
                try reader.skipRest(of: first)
                _ = try reader.next()
                return
            }
            var steamID: SteamID64?
            var sawSteamID = false
            var source: String?
            var fetchedAt: String?
            var appID: UInt32?
            var badAppID = false
            var sawBody = false
            var body: SteamDocument?
            var bodyOwnerOffset: Int?
            var preferences = JSONPreferencesFields()
            while try reader.nextKey() {
                if reader.keyEquals("body") {
                    sawBody = true
                    var bodyDecoder = SteamJSONBodyDecoder(origin: lineOrigin, diagnostics: pending)
                    body = try bodyDecoder.decode(&reader)
                    bodyOwnerOffset = bodyDecoder.ownerOffset
                } else if reader.keyEquals("steamid") {
                    // `"steamid": null` is an absent owner hint, not an invalid one.
                    if let stated = try fields.steamIDUnlessNull(&reader, field: "steamid") {
                        sawSteamID = true
                        steamID = stated
                    }
                } else if reader.keyEquals("source") {
                    source = try fields.string(&reader, field: "source")
                } else if reader.keyEquals("fetched_at") {
                    fetchedAt = try fields.string(&reader, field: "fetched_at")
                } else if reader.keyEquals("appid") {
                    let token = try reader.next()
                    if token != .null {
                        appID = try appIDValue(token, &reader)
                        if appID == nil {
                            badAppID = true
                            fields.error("appid.invalid", "appid: expected an app id (a positive 32-bit integer)", &reader)
                            try reader.skipRest(of: token)
                        }
                    }
                } else if try preferences.consume(&reader, fields) {
                    continue
                } else {
                    try reader.skipValue()
                }
            }
            guard try reader.next() == .endOfDocument else { return }
            // An invalid steamid or appid was reported where it was read.
            if (sawSteamID && steamID == nil) || badAppID { return }

            if sawBody {
                guard let body else { return }
                if let steamID, let contextOwner = origin.owner, steamID != contextOwner {
                    fields.error("document.ownerMismatch",
                                 "the envelope says \(steamID) but its context says \(contextOwner): line skipped", &reader, offset: 0)
                    return
                }
                var documentOrigin = lineOrigin
                documentOrigin.owner = steamID ?? origin.owner
                documentOrigin.fetchedAt = fetchedAt ?? origin.fetchedAt
                documentOrigin.appID = appID ?? origin.appID
                documentOrigin.declaredKind = source ?? origin.declaredKind
                let ownerFields = JSONFieldReader(origin: documentOrigin, diagnostics: pending)
                guard let document = JSONDocumentDecoder.checked(body, ownerOffset: bodyOwnerOffset, reader: &reader, fields: ownerFields) else {
                    return
                }
                if let source, !JSONDocumentChecks.source(source, fits: document) {
                    fields.warning("document.kindMismatch",
                                   "source says \(source) but the body is \(JSONDocumentChecks.methodName(of: document) ?? "another kind")",
                                   &reader, offset: 0)
                }
                emit(IngestedDocument(origin: documentOrigin, content: document))
                return
            }
            if preferences.sawPreferenceKey {
                guard let steamID else {
                    fields.error("preferences.invalid", "a preferences line needs a steamid: line skipped", &reader, offset: 0)
                    return
                }
                if let contextOwner = origin.owner, steamID != contextOwner {
                    fields.error("document.ownerMismatch",
                                 "the preferences are for \(steamID) but the context says \(contextOwner): line skipped", &reader, offset: 0)
                    return
                }
                var documentOrigin = lineOrigin
                documentOrigin.owner = steamID
                emit(IngestedDocument(origin: documentOrigin, content: .preferences(preferences.facts(steamID: steamID))))
                return
            }
            fields.error("json.unknownKind", "the line is neither a bundle envelope (no body) nor a preferences line", &reader, offset: 0)
        } catch {
            pending.discard()
            pending.emit(JSONDocumentDecoder.diagnostic(for: error, origin: lineOrigin))
        }
    }

    /// An envelope `appid`: a positive 32-bit integer, as a number or a digit string.
    private static func appIDValue(_ token: JSONToken, _ reader: inout JSONPullReader) throws(JSONError) -> UInt32? {
        switch token {
        case .number:
            guard reader.numberIsInteger, let value = try? reader.uint64(), value > 0 else { return nil }
            return UInt32(exactly: value)
        case .string:
            guard let value = reader.withStringBytes({ JSONFieldReader<DiagnosticLog>.parseUInt64($0) }), value > 0 else { return nil }
            return UInt32(exactly: value)
        default:
            return nil
        }
    }
}
