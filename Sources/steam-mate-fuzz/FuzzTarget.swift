import Ingest
import PipelineCore
import PipelineSpec
import Trade

/// One reader under fuzzing: it gets arbitrary bytes and must return (diagnostics are fine; a trap,
/// a hang or a sanitizer report is the bug). Named on the command line / in `STEAM_MATE_FUZZ_TARGET`.
enum FuzzTarget: String, CaseIterable {
    case xml, xmlpieces, json, jsonl, wantlist, pipeline, traderequests

    func run(_ bytes: [UInt8]) {
        let sink = DiagnosticLog()
        let origin = DocumentOrigin(file: "fuzz")
        switch self {
        case .xml:
            _ = XMLDocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: sink)
        case .xmlpieces:
            runPieces(bytes, origin: origin, sink: sink)
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

    /// A bundle read as the ingest workers read a big one: its head's layout (`XMLBundleLayout`), cut at every
    /// candidate (64 at most), each piece decoded on its own; and the whole input resumed after nothing.
    private func runPieces(_ bytes: [UInt8], origin: DocumentOrigin, sink: DiagnosticLog) {
        guard let layout = XMLBundleLayout(head: Array(bytes.prefix(65_536))) else { return }
        var cuts: [Int] = []
        bytes.withUnsafeBytes { raw in
            var from = layout.header.count
            while cuts.count < 64, let cut = layout.firstCut(in: raw, from: from) {
                cuts.append(cut)
                from = cut + 1
            }
            _ = layout.lastCut(in: raw, from: 0, to: raw.count)
        }
        var start = 0
        for (index, end) in (cuts + [bytes.count]).enumerated() {
            var piece = index == 0 ? [] : layout.header
            piece += bytes[start..<end]
            if end < bytes.count { piece += layout.trailer }
            _ = XMLDocumentDecoder.decodeBundlePiece(bytes: piece, lineOffset: index, origin: origin, diagnostics: sink) { _ in }
            start = end
        }
    }
}
