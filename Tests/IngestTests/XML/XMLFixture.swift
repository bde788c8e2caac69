import Foundation
import Ingest
import PipelineCore
import PlayerModel

/// Reads the XML fixtures of `Tests/IngestTests/Fixtures`, located via `#filePath`, and decodes them.
enum XMLFixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ relative: String) -> String {
        directory.appendingPathComponent(relative).path
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(relative)))
    }

    /// Decodes a fixture held in memory through `DocumentDecoder` (format sniffing included).
    static func decode(_ relative: String, owner: SteamID64? = nil) throws -> (documents: [IngestedDocument], diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        let origin = DocumentOrigin(file: relative, owner: owner)
        let documents = DocumentDecoder.decode(bytes: try bytes(relative), origin: origin, diagnostics: log)
        return (documents, log.all)
    }

    /// Streams a fixture from disk through `XMLDocumentDecoder.decodeFile`.
    static func decodeFile(_ relative: String, owner: SteamID64? = nil) -> (documents: [IngestedDocument], diagnostics: [Diagnostic]) {
        let log = DiagnosticLog()
        var documents: [IngestedDocument] = []
        let origin = DocumentOrigin(file: relative, owner: owner)
        XMLDocumentDecoder.decodeFile(path: path(relative), origin: origin, diagnostics: log) { documents.append($0) }
        return (documents, log.all)
    }
}
