import PipelineCore

/// Decodes one whole input file, XML or JSON, into Steam documents. The format is sniffed from the
/// first non-blank byte (after an optional UTF-8 byte-order mark); the kind from the content.
public enum DocumentDecoder {
    public static func decode(bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> [IngestedDocument] {
        let index = firstContentIndex(bytes)
        guard index < bytes.count else {
            diagnostics.error("input.empty", "file is empty", at: origin.location(line: 1))
            return []
        }
        switch bytes[index] {
        case UInt8(ascii: "<"):
            return XMLDocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: diagnostics)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return JSONDocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: diagnostics)
        default:
            diagnostics.error("input.unknownFormat", "neither XML nor JSON: the first character is not '<', '{' or '['",
                              at: origin.location(line: lineNumber(of: index, in: bytes)))
            return []
        }
    }

    /// For a file too large to hold, which is streamed as XML: true when its first bytes start like XML
    /// (after an optional UTF-8 byte-order mark and blanks), as `decode` would route it. Otherwise reports
    /// `input.unknownFormat` (e.g. a UTF-16 file, which small files reject the same way) and returns false.
    public static func startsAsXML(prefix bytes: [UInt8], origin: DocumentOrigin, diagnostics: some DiagnosticSink) -> Bool {
        let index = firstContentIndex(bytes)
        guard index < bytes.count, bytes[index] != UInt8(ascii: "<") else { return true }
        diagnostics.error("input.unknownFormat", "not XML: the first character is not '<' (only UTF-8 is read)",
                          at: origin.location(line: lineNumber(of: index, in: bytes)))
        return false
    }

    /// Offset of the first byte after an optional UTF-8 byte-order mark and blanks (`bytes.count` if none).
    static func firstContentIndex(_ bytes: [UInt8]) -> Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    /// 1-based line of a byte offset.
    static func lineNumber(of offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { line += 1 }
        return line
    }
}
