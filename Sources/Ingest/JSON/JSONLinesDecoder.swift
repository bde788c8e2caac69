import PipelineCore

/// Decodes JSON Lines bundles: one envelope per line
/// (`{"steamid":…,"source":…,"fetched_at":…,"appid":…,"body":{…}}`) or one flat preferences object per line.
/// PLACEHOLDER: replaced by the JSON ingest work.
public enum JSONLinesDecoder {
    /// Decodes a chunk of whole lines. `firstLine` is the 1-based line number of the chunk's first line in
    /// `origin.file`; each document's origin gets its own line. Bad lines are reported and skipped.
    public static func decode(chunk: UnsafeRawBufferPointer, firstLine: Int, origin: DocumentOrigin,
                              diagnostics: some DiagnosticSink, emit: (IngestedDocument) -> Void) {
        diagnostics.error("json.unsupported", "JSON Lines decoding is not built yet", at: origin.location(line: firstLine))
    }
}
