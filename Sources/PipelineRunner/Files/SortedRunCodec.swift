import Emit
import PipelineCore

/// The byte form of sorted-run rows (a row's `DatasetRowKey`, then its cells), for files that live only
/// while one run merges them: little-endian fixed-width numbers, LEB128 lengths, one tag byte per cell.
enum SortedRunCodec {
    private enum Tag: UInt8 { case null, string, int, id, bool, fixed, list, object }

    static func append(key: DatasetRowKey, cells: [Cell], to bytes: inout [UInt8]) {
        appendFixed(key.first, to: &bytes)
        appendFixed(key.second, to: &bytes)
        appendText(key.text, to: &bytes)
        appendLength(cells.count, to: &bytes)
        for cell in cells { append(cell, to: &bytes) }
    }

    private static func append(_ cell: Cell, to bytes: inout [UInt8]) {
        switch cell {
        case .null: bytes.append(Tag.null.rawValue)
        case .string(let s):
            bytes.append(Tag.string.rawValue)
            appendText(s, to: &bytes)
        case .int(let v):
            bytes.append(Tag.int.rawValue)
            appendFixed(UInt64(bitPattern: v), to: &bytes)
        case .id(let v):
            bytes.append(Tag.id.rawValue)
            appendFixed(v, to: &bytes)
        case .bool(let b): bytes += [Tag.bool.rawValue, b ? 1 : 0]
        case .fixed(let v, let places):
            bytes.append(Tag.fixed.rawValue)
            appendFixed(v.bitPattern, to: &bytes)
            bytes.append(UInt8(truncatingIfNeeded: places))
        case .list(let items):
            bytes.append(Tag.list.rawValue)
            appendLength(items.count, to: &bytes)
            for item in items { append(item, to: &bytes) }
        case .object(let fields):
            bytes.append(Tag.object.rawValue)
            appendLength(fields.count, to: &bytes)
            for field in fields {
                appendText(field.key, to: &bytes)
                append(field.value, to: &bytes)
            }
        }
    }

    private static func appendFixed(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private static func appendLength(_ value: Int, to bytes: inout [UInt8]) {
        var v = UInt64(value)
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendLength(utf8.count, to: &bytes)
            bytes += utf8
        }
    }

    /// Reads rows back from a buffer; `nil` from `row()` when the buffer holds no complete row from `offset`.
    struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func row() -> (key: DatasetRowKey, cells: [Cell])? {
            let start = offset
            guard let first = fixed(), let second = fixed(), let text = text(), let count = length() else {
                offset = start
                return nil
            }
            var cells: [Cell] = []
            cells.reserveCapacity(count)
            for _ in 0..<count {
                guard let cell = cell() else {
                    offset = start
                    return nil
                }
                cells.append(cell)
            }
            return (DatasetRowKey(first, second, text), cells)
        }

        private mutating func cell() -> Cell? {
            guard offset < bytes.count, let tag = Tag(rawValue: bytes[offset]) else { return nil }
            offset += 1
            switch tag {
            case .null: return .null
            case .string: return text().map(Cell.string)
            case .int: return fixed().map { .int(Int64(bitPattern: $0)) }
            case .id: return fixed().map(Cell.id)
            case .bool:
                guard offset < bytes.count else { return nil }
                offset += 1
                return .bool(bytes[offset - 1] != 0)
            case .fixed:
                guard let bits = fixed(), offset < bytes.count else { return nil }
                offset += 1
                return .fixed(Double(bitPattern: bits), places: Int(bytes[offset - 1]))
            case .list:
                guard let count = length() else { return nil }
                var items: [Cell] = []
                for _ in 0..<count {
                    guard let item = cell() else { return nil }
                    items.append(item)
                }
                return .list(items)
            case .object:
                guard let count = length() else { return nil }
                var fields: [Cell.ObjectField] = []
                for _ in 0..<count {
                    guard let key = text(), let value = cell() else { return nil }
                    fields.append(Cell.ObjectField(key, value))
                }
                return .object(fields)
            }
        }

        private mutating func fixed() -> UInt64? {
            guard bytes.count - offset >= 8 else { return nil }
            var value: UInt64 = 0
            for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
            offset += 8
            return value
        }

        private mutating func length() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return Int(truncatingIfNeeded: value) }
                shift += 7
            }
            return nil
        }

        private mutating func text() -> String? {
            guard let count = length(), count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }
    }
}
