import Ingest
import PipelineCore
import PipelineRunner
import Trade

/// One reader under fuzzing: it gets arbitrary bytes and must return (diagnostics are fine; a trap,
/// a hang or a sanitizer report is the bug). Named on the command line / in `STEAM_MATE_FUZZ_TARGET`.
enum FuzzTarget: String, CaseIterable {
    case xml, json, jsonl, wantlist, pipeline, traderequests

    func run(_ bytes: [UInt8]) {
        let sink = DiagnosticLog()
        let origin = DocumentOrigin(file: "fuzz")
        switch self {
        case .xml:
            _ = XMLDocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: sink)
        case .json:
            _ = JSONDocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: sink)
        case .jsonl:
            bytes.withUnsafeBytes { raw in
                JSONLinesDecoder.decode(chunk: raw, firstLine: 1, origin: origin, diagnostics: sink) { _ in }
            }
        case .wantlist:
            _ = try? WantListParser(file: "fuzz", sink: sink).parse(bytes)
        case .pipeline:
            _ = try? PipelineDefinitionLoader.load(yaml: String(decoding: bytes, as: UTF8.self), file: "fuzz.yml", defaultName: "fuzz")
        case .traderequests:
            _ = TradeRequestDecoder.decodeJSONLines(bytes, file: "fuzz.jsonl", sink: sink)
            _ = TradeRequestDecoder.decodeCSV(bytes, file: "fuzz.csv", sink: sink)
        }
    }
}
