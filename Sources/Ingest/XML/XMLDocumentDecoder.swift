import PipelineCore

/// Decodes Steam Community XML (profile, gamesList, friendsList, memberList, response/error).
/// PLACEHOLDER: replaced by the XML ingest work.
public enum XMLDocumentDecoder {
    public static func decode(bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> [IngestedDocument] {
        diagnostics.error("xml.unsupported", "XML decoding is not built yet", at: origin.location())
        return []
    }
}
