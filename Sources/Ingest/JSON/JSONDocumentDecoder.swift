import PipelineCore

/// Decodes Steam Web API JSON documents.
/// PLACEHOLDER: replaced by the JSON ingest work.
public enum JSONDocumentDecoder {
    public static func decode(bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> [IngestedDocument] {
        diagnostics.error("json.unsupported", "JSON decoding is not built yet", at: origin.location())
        return []
    }
}
