import PipelineCore

/// Renders a `Table` as RFC 4180 CSV: a header row, CRLF line ends, and fields quoted only when they
/// contain a comma, a double quote, CR or LF (quotes doubled). Written by hand: byte-exact and fast.
/// `appendHeader` and `appendRows` render a table chunk by chunk with the same bytes as `render`.
public enum CSVWriter {
    public static func render(_ table: Table) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (table.rows.count + 1))
        appendHeader(table.columns, to: &out)
        appendRows(table.rows, to: &out)
        return out
    }

    public static func appendHeader(_ columns: [String], to out: inout [UInt8]) {
        appendRow(columns.map(Cell.string), to: &out)
    }

    public static func appendRows(_ rows: [[Cell]], to out: inout [UInt8]) {
        for row in rows { appendRow(row, to: &out) }
    }

    static func appendRow(_ row: [Cell], to out: inout [UInt8]) {
        for (index, cell) in row.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendCell(cell, to: &out)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    /// One field; scalars are written straight into `out` (never quoted: digits, `true`/`false` and
    /// decimals contain no comma, quote or line break), lists and objects through their text.
    static func appendCell(_ cell: Cell, to out: inout [UInt8]) {
        switch cell {
        case .null: return
        case .string(let s): appendField(s, to: &out)
        case .int(let i): DecimalText.append(i, to: &out)
        case .id(let i): DecimalText.append(i, to: &out)
        case .bool(let b): out.append(contentsOf: b ? DecimalText.trueBytes : DecimalText.falseBytes)
        case .fixed(let d, let places): DecimalText.appendFixed(d, places: places, to: &out)
        case .list, .object: appendComposite(to: &out) { appendText(of: cell, to: &$0) }
        }
    }

    /// A list of strings as one field: joined by `;`, quoted as a whole when it needs it.
    static func appendStrings(_ values: [String], to out: inout [UInt8]) {
        appendComposite(to: &out) { out in
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ";")) }
                out.append(contentsOf: value.utf8)
            }
        }
    }

    /// A field whose text `render` appends in place (a list or object), then quoted only if the text
    /// needs it (rare: a comma, quote or line break).
    static func appendComposite(to out: inout [UInt8], _ render: (inout [UInt8]) -> Void) {
        let start = out.count
        render(&out)
        let needsQuotes = out[start...].contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return }
        let text = Array(out[start...])
        out.removeSubrange(start...)
        appendQuoted(text, to: &out)
    }

    /// The bytes of `text(of:)`, appended without building intermediate strings.
    static func appendText(of cell: Cell, to out: inout [UInt8]) {
        switch cell {
        case .null: return
        case .string(let s): out.append(contentsOf: s.utf8)
        case .int(let i): DecimalText.append(i, to: &out)
        case .id(let i): DecimalText.append(i, to: &out)
        case .bool(let b): out.append(contentsOf: b ? DecimalText.trueBytes : DecimalText.falseBytes)
        case .fixed(let d, let places): DecimalText.appendFixed(d, places: places, to: &out)
        case .list(let items):
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ";")) }
                appendText(of: item, to: &out)
            }
        case .object: JSONLinesWriter.append(cell, to: &out)
        }
    }

    /// A string field, quoted only when it holds a comma, a double quote, CR or LF (scanned in place).
    static func appendField(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendField(utf8: $0, to: &out) }
    }

    /// One field from its UTF-8 bytes: quoted (quotes doubled) when it holds a comma, a double quote, CR or LF.
    @inlinable
    public static func appendField<Bytes: Collection<UInt8>>(utf8: Bytes, to out: inout [UInt8]) {
        if utf8.withContiguousStorageIfAvailable({ appendField(contiguous: $0, to: &out) }) != nil { return }
        let needsQuotes = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            out.append(contentsOf: utf8)
            return
        }
        out.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `appendField(utf8:to:)` over contiguous bytes: one scan, then the text copied in spans between quotes.
    @usableFromInline
    static func appendField(contiguous text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        var needsQuotes = false
        for byte in text where byte == UInt8(ascii: ",") || byte == quote || byte == 0x0A || byte == 0x0D {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            out.append(contentsOf: text)
            return
        }
        out.append(quote)
        // Each span ends with a quote (copied once in the span, once more as the next span's first byte).
        var from = text.startIndex
        for i in text.indices where text[i] == quote {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[from...i]))
            from = i
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[from...]))
        out.append(quote)
    }

    /// `bytes` in double quotes, inner quotes doubled.
    static func appendQuoted<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// CSV text of a cell: empty for null, `true`/`false`, lists joined by `;`, objects as compact JSON.
    public static func text(of cell: Cell) -> String {
        var bytes: [UInt8] = []
        appendText(of: cell, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
