/// Appends values as bytes for files that one process writes and reads back (spilled partitions, sorted
/// runs): little-endian fixed-width integers, LEB128 lengths and small counts, UTF-8 text behind its length.
/// `BinaryReader` reads them back.
public struct BinaryWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Bytes reserved (written or not).
    public var capacity: Int { bytes.capacity }

    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    public mutating func fixed(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func fixed(_ value: Int64) { fixed(UInt64(bitPattern: value)) }

    public mutating func double(_ value: Double) { fixed(value.bitPattern) }

    /// An unsigned LEB128 number (lengths, counts, small integers).
    public mutating func length(_ value: Int) { unsigned(UInt64(max(0, value))) }

    public mutating func unsigned(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// A signed integer, zigzag-encoded then LEB128 (small magnitudes take one byte).
    public mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    public mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            length(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// Moves the bytes out, leaving the writer empty.
    public mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
