import PipelineCore

/// Renders a `Table` as JSON Lines: one object per row, keys in column order, no spaces, `\n` line ends.
/// Ids are JSON strings, decimals have fixed places, null cells are written as `null`.
/// `appendRows` renders a table chunk by chunk with the same bytes as `render`.
public enum JSONLinesWriter {
    public static func render(_ table: Table) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 * table.rows.count)
        appendRows(table.rows, columns: table.columns, to: &out)
        return out
    }

    /// Rows as lines of `{"column":value,…}`; the key prefixes are rendered once per call.
    public static func appendRows(_ rows: [[Cell]], columns: [String], to out: inout [UInt8]) {
        let keys = keyPrefixes(columns)
        for row in rows {
            precondition(row.count == columns.count, "row has \(row.count) cells, table has \(columns.count) columns")
            if row.isEmpty { out.append(UInt8(ascii: "{")) }
            for (index, cell) in row.enumerated() {
                out.append(contentsOf: keys[index])
                append(cell, to: &out)
            }
            out.append(UInt8(ascii: "}"))
            out.append(0x0A)
        }
    }

    /// `{"first":`, `,"second":`, …: what precedes each column's value in a line.
    static func keyPrefixes(_ columns: [String]) -> [[UInt8]] {
        columns.enumerated().map { index, column in
            var key: [UInt8] = index == 0 ? [UInt8(ascii: "{")] : [UInt8(ascii: ",")]
            appendString(column, to: &key)
            key.append(UInt8(ascii: ":"))
            return key
        }
    }

    /// Compact JSON bytes of one cell.
    public static func encode(_ cell: Cell) -> [UInt8] {
        var out: [UInt8] = []
        append(cell, to: &out)
        return out
    }

    public static func append(_ cell: Cell, to out: inout [UInt8]) {
        switch cell {
        case .null: out.append(contentsOf: DecimalText.nullBytes)
        case .string(let s): appendString(s, to: &out)
        case .int(let i): DecimalText.append(i, to: &out)
        case .id(let i):
            out.append(UInt8(ascii: "\""))
            DecimalText.append(i, to: &out)
            out.append(UInt8(ascii: "\""))
        case .bool(let b): out.append(contentsOf: b ? DecimalText.trueBytes : DecimalText.falseBytes)
        case .fixed(let d, let places): DecimalText.appendFixed(d, places: places, to: &out)
        case .list(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, field) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                appendString(field.key, to: &out)
                out.append(UInt8(ascii: ":"))
                append(field.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A list of strings as a JSON array of string literals.
    static func appendStrings(_ values: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(value, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`.
    /// Scans the string's UTF-8 in place and copies it in one piece when nothing needs escaping.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// A JSON string literal from UTF-8 bytes, with the escapes of `appendString(_:to:)`.
    @inlinable
    public static func appendString<Bytes: Collection<UInt8>>(utf8: Bytes, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        let hex = SHA256.hexDigits
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(0x5C); out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0..<0x20:
                out.append(0x5C); out.append(UInt8(ascii: "u")); out.append(0x30); out.append(0x30)
                out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
