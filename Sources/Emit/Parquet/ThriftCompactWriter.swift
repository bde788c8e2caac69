import PipelineCore

/// Thrift's compact protocol, as far as Parquet's page headers and file footer need it: structs whose fields are
/// i32, i64, binary, nested structs and lists (of structs, i32 or binary). Field ids are written as deltas from the
/// previous field of the same struct, so each struct's fields must be written in ascending id order. Integers are
/// zigzag LEB128 and binaries LEB128-length-prefixed, which is `BinaryWriter`'s `signed` and `text`.
struct ThriftCompactWriter {
    private var out = BinaryWriter()
    /// The last field id written in each open struct, innermost last.
    private var lastField: [Int16] = [0]

    var bytes: [UInt8] { out.bytes }

    enum ElementType: UInt8 {
        case i32 = 5, i64 = 6, binary = 8, list = 9, `struct` = 12
    }

    mutating func i32(_ id: Int16, _ value: Int32) {
        fieldHeader(id, .i32)
        out.signed(Int64(value))
    }

    mutating func i64(_ id: Int16, _ value: Int64) {
        fieldHeader(id, .i64)
        out.signed(value)
    }

    mutating func binary(_ id: Int16, _ value: String) {
        fieldHeader(id, .binary)
        element(value)
    }

    /// Opens a struct field; its fields follow, then `endStruct()`.
    mutating func beginStruct(_ id: Int16) {
        fieldHeader(id, .struct)
        lastField.append(0)
    }

    /// Ends the innermost open struct (a list's struct element, a struct field, or the top-level struct).
    mutating func endStruct() {
        out.byte(0)
        if lastField.count > 1 { lastField.removeLast() }
    }

    /// A list field's header; its `count` elements follow (`element(_:)`, or `beginElement()` … `endStruct()`).
    mutating func list(_ id: Int16, count: Int, of type: ElementType) {
        fieldHeader(id, .list)
        if count < 15 {
            out.byte(UInt8(count) << 4 | type.rawValue)
        } else {
            out.byte(0xF0 | type.rawValue)
            out.length(count)
        }
    }

    /// Opens a struct element of a list.
    mutating func beginElement() { lastField.append(0) }

    /// An i32 element of a list.
    mutating func element(_ value: Int32) { out.signed(Int64(value)) }

    /// A binary (string) element of a list, or a binary field's value.
    mutating func element(_ value: String) { out.text(value) }

    private mutating func fieldHeader(_ id: Int16, _ type: ElementType) {
        let delta = Int(id) - Int(lastField[lastField.count - 1])
        if delta > 0 && delta <= 15 {
            out.byte(UInt8(delta) << 4 | type.rawValue)
        } else {
            out.byte(type.rawValue)
            out.signed(Int64(id))
        }
        lastField[lastField.count - 1] = id
    }
}
