/// Writes a row's bytes through a raw pointer into memory sized for it in advance (`ByteCursor.rendering`), for
/// renderers that put dozens of small pieces per row: a piece costs one bounds check and a copy, where
/// `Array.append` pays a capacity and uniqueness check and a call. A piece that would pass the end traps (a bound
/// computed wrong is a bug); it never writes past the memory.
/// Its methods are `@inlinable`: they are called per piece from other modules' renderers.
@frozen public struct ByteCursor {
    public let start: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>
    @usableFromInline var position: UnsafeMutablePointer<UInt8>

    @inlinable init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        start = buffer.baseAddress!
        end = start + buffer.count
        position = start
    }

    /// Bytes written so far.
    @inlinable public var count: Int { position - start }

    /// Runs `body` with a cursor over at least `bound` bytes of `scratch` (grown when smaller), then appends what it
    /// wrote to `out` in one copy.
    @inlinable public static func rendering(into out: inout [UInt8], bound: Int, scratch: inout [UInt8],
                                 _ body: (inout ByteCursor) -> Void) {
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count)) }
        scratch.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(buffer)
            body(&cursor)
            out.append(contentsOf: UnsafeBufferPointer(start: cursor.start, count: cursor.count))
        }
    }

    @inlinable @inline(__always) func room(_ n: Int) { precondition(end - position >= n, "ByteCursor: row bound too small") }

    @inlinable @inline(__always) public mutating func byte(_ value: UInt8) {
        room(1)
        position.pointee = value
        position += 1
    }

    @inlinable @inline(__always) public mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        let n = source.count
        room(n)
        guard let base = source.baseAddress else { return }
        if n >= 8 && n <= 64 {
            // Short pieces (keys, names, numbers' neighbours) by 8-byte words, the last one overlapping: cheaper
            // than a call to memmove for each.
            let from = UnsafeRawPointer(base), to = UnsafeMutableRawPointer(position)
            var i = 0
            while i + 8 < n {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
                i += 8
            }
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else {
            position.update(from: base, count: n)
        }
        position += n
    }

    @inlinable @inline(__always) public mutating func bytes(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { bytes($0) }
    }

    /// A constant's bytes, copied from the binary's text.
    @inlinable @inline(__always) public mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always) public mutating func decimal(_ value: UInt64) {
        room(DecimalText.maxIntegerBytes)
        position += DecimalText.write(value, at: position)
    }

    @inlinable @inline(__always) public mutating func decimal(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        decimal(UInt64(value.magnitude))
    }

    /// `Cell.formatFixed(value, places:)`'s text (`DecimalText.writeFixed`).
    @inlinable @inline(__always) public mutating func fixed(_ value: Double, places: Int) {
        room(DecimalText.maxFixedBytes)
        position += DecimalText.writeFixed(value, places: places, at: position)
    }

    @inlinable @inline(__always) public mutating func bool(_ value: Bool) {
        literal(value ? "true" : "false")
    }

    /// The byte at offset `i` (already written).
    @inlinable public subscript(_ i: Int) -> UInt8 {
        precondition(i >= 0 && i < count)
        return start[i]
    }
}
