import PipelineCore

/// Decodes Steam Community XML (profile, gamesList, friendsList, memberList, response/error).
/// PLACEHOLDER: replaced by the XML ingest work.
public enum XMLDocumentDecoder {
    /// A whole small file held in memory.
    public static func decode(bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> [IngestedDocument] {
        diagnostics.error("xml.unsupported", "XML decoding is not built yet", at: origin.location())
        return []
    }

    /// Streams a file from disk; a bundle (a wrapper root holding many Steam documents) yields one
    /// document per child, handed to `emit` as soon as it is complete.
    public static func decodeFile(path: String, origin: DocumentOrigin, diagnostics: some DiagnosticSink,
                                  emit: (IngestedDocument) -> Void) {
        diagnostics.error("xml.unsupported", "XML decoding is not built yet", at: origin.location())
    }
}
