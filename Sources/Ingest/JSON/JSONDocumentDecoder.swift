import JSONPullReader
import PipelineCore

/// Decodes one Steam Web API JSON file into one document, detecting the kind from its keys (never the
/// file name). Grammar errors (`json.truncated`, `json.syntax`, `json.encoding`, …) drop the document;
/// a document whose own owner id differs from `origin.owner` is dropped as `document.ownerMismatch`.
public enum JSONDocumentDecoder {
    public static func decode(bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> [IngestedDocument] {
        bytes.withUnsafeBytes { buffer in
            // A UTF-8 byte-order mark is tolerated at the start of a file.
            let hasBOM = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
            guard let document = decodeDocument(buffer, bomLength: hasBOM ? 3 : 0, origin: origin, diagnostics: diagnostics) else {
                return []
            }
            return [IngestedDocument(origin: origin, content: document)]
        }
    }

    /// Decodes one whole JSON text; `nil` when it was reported and dropped. Locations are lines of `bytes`
    /// unless `origin.line` is set (a bundle line). A file that is not well-formed JSON is reported by its
    /// grammar error alone.
    static func decodeDocument(_ bytes: UnsafeRawBufferPointer, bomLength: Int = 0, origin: DocumentOrigin,
                               diagnostics: some DiagnosticSink) -> SteamDocument? {
        var reader = JSONPullReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[bomLength...]))
        let pending = JSONPendingDiagnostics()
        defer { pending.flush(to: diagnostics) }
        var decoder = SteamJSONBodyDecoder(origin: origin, diagnostics: pending)
        do throws(JSONError) {
            let document = try decoder.decode(&reader)
            guard try reader.next() == .endOfDocument else { return nil }
            guard let document else { return nil }
            return checked(document, ownerOffset: decoder.ownerOffset, reader: &reader, fields: decoder.fields)
        } catch {
            pending.discard()
            pending.emit(Self.diagnostic(for: error, origin: origin))
            return nil
        }
    }

    /// The document, or `nil` after reporting `document.ownerMismatch` when it names another owner than
    /// its origin.
    static func checked<Sink: DiagnosticSink>(_ document: SteamDocument, ownerOffset: Int?, reader: inout JSONPullReader,
                                              fields: JSONFieldReader<Sink>) -> SteamDocument? {
        if let expected = fields.origin.owner, let carried = JSONDocumentChecks.carriedOwner(of: document), carried != expected {
            fields.error("document.ownerMismatch",
                         "the document is about \(carried) but its context says \(expected): document skipped",
                         &reader, offset: ownerOffset ?? 0)
            return nil
        }
        return document
    }

    /// A reader error as a diagnostic at its line (the bundle line for JSON Lines) and byte column.
    static func diagnostic(for error: JSONError, origin: DocumentOrigin) -> Diagnostic {
        var location = origin.location(line: error.line)
        location.column = error.column
        return .error(error.code, error.message, at: location)
    }
}
