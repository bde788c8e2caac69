/// Reads what `BinaryWriter` wrote. Every read is bounds-checked: a truncated or corrupt buffer throws
/// `BinaryReader.Truncated` (or returns `nil` from the `…IfComplete` helpers), never traps.
public struct BinaryReader {
    public struct Truncated: Error, CustomStringConvertible {
        public let offset: Int
        public init(offset: Int) { self.offset = offset }
        public var description: String { "spill data ends or is corrupt at byte \(offset)" }
    }

    public let bytes: [UInt8]
    public var offset: Int

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    public var isAtEnd: Bool { offset >= bytes.count }

    public mutating func byte() throws(Truncated) -> UInt8 {
        guard offset < bytes.count else { throw Truncated(offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func bool() throws(Truncated) -> Bool { try byte() != 0 }

    public mutating func fixed() throws(Truncated) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Truncated(offset: offset) }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return value
    }

    public mutating func fixedInt64() throws(Truncated) -> Int64 { Int64(bitPattern: try fixed()) }

    public mutating func double() throws(Truncated) -> Double { Double(bitPattern: try fixed()) }

    public mutating func unsigned() throws(Truncated) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw Truncated(offset: offset)
    }

    public mutating func signed() throws(Truncated) -> Int64 {
        let raw = try unsigned()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// A length or count, checked against the bytes left (each element takes at least one byte).
    public mutating func length() throws(Truncated) -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - offset) else { throw Truncated(offset: offset) }
        return Int(value)
    }

    public mutating func text() throws(Truncated) -> String {
        let count = try length()
        defer { offset += count }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }
}
