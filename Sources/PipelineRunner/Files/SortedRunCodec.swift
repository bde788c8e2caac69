import Emit
import Normalize
import PipelineCore

/// The byte form of sorted-run rows (a row's `DatasetRowKey`, then its cells), for files that live only
/// while one run merges them: `BinaryWriter`'s little-endian fixed-width numbers and LEB128 lengths, one tag
/// byte per cell.
enum SortedRunCodec {
    private enum Tag: UInt8 { case null, string, int, id, bool, fixed, list, object }

    static func append(key: DatasetRowKey, cells: [Cell], to w: inout BinaryWriter) {
        w.fixed(key.first)
        w.fixed(key.second)
        w.text(key.text)
        w.length(cells.count)
        for cell in cells { append(cell, to: &w) }
    }

    private static func append(_ cell: Cell, to w: inout BinaryWriter) {
        switch cell {
        case .null: w.byte(Tag.null.rawValue)
        case .string(let s):
            w.byte(Tag.string.rawValue)
            w.text(s)
        case .int(let v):
            w.byte(Tag.int.rawValue)
            w.fixed(v)
        case .id(let v):
            w.byte(Tag.id.rawValue)
            w.fixed(v)
        case .bool(let b):
            w.byte(Tag.bool.rawValue)
            w.bool(b)
        case .fixed(let v, let places):
            w.byte(Tag.fixed.rawValue)
            w.double(v)
            w.byte(UInt8(truncatingIfNeeded: places))
        case .list(let items):
            w.byte(Tag.list.rawValue)
            w.length(items.count)
            for item in items { append(item, to: &w) }
        case .object(let fields):
            w.byte(Tag.object.rawValue)
            w.length(fields.count)
            for field in fields {
                w.text(field.key)
                append(field.value, to: &w)
            }
        }
    }

    /// Reads rows back from a buffer; `nil` from `row()` when the buffer holds no complete row from `offset`.
    struct Reader {
        private var reader: BinaryReader

        init(bytes: [UInt8], offset: Int) { reader = BinaryReader(bytes, offset: offset) }

        var bytes: [UInt8] { reader.bytes }
        var offset: Int { reader.offset }

        mutating func row() -> (key: DatasetRowKey, cells: [Cell])? {
            let start = reader.offset
            do {
                let first = try reader.fixed()
                let second = try reader.fixed()
                let text = try reader.text()
                let count = try reader.length()
                var cells: [Cell] = []
                cells.reserveCapacity(count)
                for _ in 0..<count { cells.append(try cell()) }
                return (DatasetRowKey(first, second, text), cells)
            } catch {
                reader.offset = start
                return nil
            }
        }

        private mutating func cell() throws(BinaryReader.Truncated) -> Cell {
            let offset = reader.offset
            guard let tag = Tag(rawValue: try reader.byte()) else { throw BinaryReader.Truncated(offset: offset) }
            switch tag {
            case .null: return .null
            case .string: return .string(try reader.text())
            case .int: return .int(try reader.fixedInt64())
            case .id: return .id(try reader.fixed())
            case .bool: return .bool(try reader.bool())
            case .fixed:
                let value = try reader.double()
                return .fixed(value, places: Int(try reader.byte()))
            case .list:
                let count = try reader.length()
                var items: [Cell] = []
                for _ in 0..<count { items.append(try cell()) }
                return .list(items)
            case .object:
                let count = try reader.length()
                var fields: [Cell.ObjectField] = []
                for _ in 0..<count {
                    let key = try reader.text()
                    fields.append(Cell.ObjectField(key, try cell()))
                }
                return .object(fields)
            }
        }
    }
}
