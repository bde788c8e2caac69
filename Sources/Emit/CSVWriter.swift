import PipelineCore

/// Renders a `Table` as RFC 4180 CSV: a header row, CRLF line ends, and fields quoted only when they
/// contain a comma, a double quote, CR or LF (quotes doubled). Written by hand: byte-exact and fast.
public enum CSVWriter {
    public static func render(_ table: Table) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (table.rows.count + 1))
        appendRow(table.columns.map(Cell.string), to: &out)
        for row in table.rows { appendRow(row, to: &out) }
        return out
    }

    static func appendRow(_ row: [Cell], to out: inout [UInt8]) {
        for (index, cell) in row.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendField(text(of: cell), to: &out)
        }
        out.append(0x0D)
        out.append(0x0A)
    }

    static func appendField(_ text: String, to out: inout [UInt8]) {
        let utf8 = text.utf8
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

    /// CSV text of a cell: empty for null, `true`/`false`, lists joined by `;`, objects as compact JSON.
    public static func text(of cell: Cell) -> String {
        switch cell {
        case .null: return ""
        case .string(let s): return s
        case .int(let i): return String(i)
        case .id(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .fixed(let d, let places): return Cell.formatFixed(d, places: places)
        case .list(let items): return items.map(text(of:)).joined(separator: ";")
        case .object: return String(decoding: JSONLinesWriter.encode(cell), as: UTF8.self)
        }
    }
}
