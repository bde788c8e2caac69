import Foundation
import Ingest
import PipelineCore
import PlayerModel

/// Loads the JSON fixtures (located next to this file via `#filePath`) and runs the JSON decoders on them.
enum JSONTestFixtures {
    static let fixturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Bytes of `Fixtures/<path>`.
    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixturesDirectory.appendingPathComponent(path)))
    }

    /// Decodes `Fixtures/<path>` as one JSON document, with the path as the origin's file.
    static func decode(_ path: String, owner: SteamID64? = nil) throws -> (documents: [IngestedDocument], diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        let documents = JSONDocumentDecoder.decode(bytes: try bytes(path), origin: DocumentOrigin(file: path, owner: owner), diagnostics: log)
        return (documents, log.all)
    }

    /// Decodes a JSON text as one document.
    static func decode(text: String, file: String = "inline.json", owner: SteamID64? = nil)
        -> (documents: [IngestedDocument], diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        let documents = JSONDocumentDecoder.decode(bytes: Array(text.utf8), origin: DocumentOrigin(file: file, owner: owner), diagnostics: log)
        return (documents, log.all)
    }

    /// Decodes bytes as one JSON Lines chunk.
    static func decodeLines(_ bytes: [UInt8], file: String, firstLine: Int = 1, owner: SteamID64? = nil)
        -> (documents: [IngestedDocument], diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        var documents: [IngestedDocument] = []
        bytes.withUnsafeBytes { buffer in
            JSONLinesDecoder.decode(chunk: buffer, firstLine: firstLine, origin: DocumentOrigin(file: file, owner: owner),
                                    diagnostics: log) { documents.append($0) }
        }
        return (documents, log.all)
    }

    static func id(_ text: String) -> SteamID64 { SteamID64(text)! }
}

extension JSONTestFixtures {
    /// `code@line` of each diagnostic, for compact assertions.
    static func codesAndLines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code)@\($0.location?.line.map(String.init) ?? "-")" }
    }
}
