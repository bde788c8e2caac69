import PipelineCore

/// Renders a `Table` as JSON Lines: one object per row, keys in column order, no spaces, `\n` line ends.
/// Ids are JSON strings, decimals have fixed places, null cells are written as `null`.
public enum JSONLinesWriter {
    public static func render(_ table: Table) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 * table.rows.count)
        for row in table.rows {
            append(.object(zip(table.columns, row).map { Cell.ObjectField($0, $1) }), to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// Compact JSON bytes of one cell.
    public static func encode(_ cell: Cell) -> [UInt8] {
        var out: [UInt8] = []
        append(cell, to: &out)
        return out
    }

    public static func append(_ cell: Cell, to out: inout [UInt8]) {
        switch cell {
        case .null: out.append(contentsOf: "null".utf8)
        case .string(let s): appendString(s, to: &out)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .id(let i): appendString(String(i), to: &out)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .fixed(let d, let places): out.append(contentsOf: Cell.formatFixed(d, places: places).utf8)
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

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`.
    public static func appendString(_ s: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
