/// Why an XML input could not be read to its end. Produced by `XMLPullReader`; the Ingest stage turns it
/// into a `Diagnostic` with the same `code`.
///
/// Codes: `xml.malformed` (libxml2 reported a well-formedness error, its message and line kept; or an element's
/// text passed `XMLPullReader.maxTextBytes`),
/// `xml.encoding` (invalid bytes for the declared encoding, usually bad UTF-8), `xml.doctype` (a DOCTYPE,
/// entity declaration or entity reference: rejected, never expanded), `input.empty` (no root element),
/// and `xml.unreadable` (the file could not be opened, or libxml2 could not create a parser).
public struct XMLReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: String
    public var message: String
    /// 1-based line, when known.
    public var line: Int?

    public init(code: String, message: String, line: Int?) {
        self.code = code
        self.message = message
        self.line = line
    }

    public var description: String {
        "\(line.map { "line \($0): " } ?? "")\(message) [\(code)]"
    }
}
