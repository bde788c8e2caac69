extension JSONPullReader {
    // MARK: - Keys and strings

    /// Whether the current key or string equals `literal`, compared byte for byte without allocating
    /// (escaped text is decoded first).
    @inlinable
    public func keyEquals(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        if spanHasEscapes { return Self.decodeEscapes(base: base, start: spanStart, end: spanEnd).withUnsafeBytes { Self.equal($0, literal) } }
        guard spanEnd - spanStart == length else { return false }
        let text = literal.utf8Start
        var index = 0
        while index < length {
            guard base[spanStart + index] == text[index] else { return false }
            index += 1
        }
        return true
    }

    /// Same as `keyEquals(_:)`, for string values.
    @inlinable
    public func stringEquals(_ literal: StaticString) -> Bool { keyEquals(literal) }

    @usableFromInline static func equal(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        for index in 0..<bytes.count where bytes[index] != literal.utf8Start[index] { return false }
        return true
    }

    /// UTF-8 length of the current key or string in the input (escapes counted as written).
    @inlinable public var rawStringLength: Int { spanEnd - spanStart }

    /// The current key or string, with escapes decoded.
    @inlinable
    public func string() -> String {
        Self.makeString(base: base, start: spanStart, end: spanEnd, hasEscapes: spanHasEscapes)
    }

    @usableFromInline static func makeString(base: UnsafePointer<UInt8>, start: Int, end: Int, hasEscapes: Bool) -> String {
        if !hasEscapes {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        }
        return String(decoding: decodeEscapes(base: base, start: start, end: end), as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 bytes of the current key or string, escapes decoded. Without escapes
    /// the bytes are the input itself (no copy).
    @inlinable
    public func withStringBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if !spanHasEscapes {
            return try body(UnsafeRawBufferPointer(start: base + spanStart, count: spanEnd - spanStart))
        }
        return try Self.decodeEscapes(base: base, start: spanStart, end: spanEnd).withUnsafeBytes(body)
    }

    /// Decodes the escapes of a span (already validated by the scanner).
    @usableFromInline static func decodeEscapes(base: UnsafePointer<UInt8>, start: Int, end: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = base[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = base[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexValue(base, at: index)
                index += 4
                if scalar >= 0xD800, scalar <= 0xDBFF {
                    let low = hexValue(base, at: index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(of: scalar, to: &output)
            default: output.append(escaped)  // \" \\ \/
            }
        }
        return output
    }

    private static func hexValue(_ base: UnsafePointer<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            let byte = base[position]
            let digit: UInt8 = switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: byte - UInt8(ascii: "A") + 10
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func appendUTF8(of scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - Numbers

    /// Whether the current number has no fraction and no exponent.
    @inlinable public var numberIsInteger: Bool { !numberIsFractional }

    /// The current number's text as written.
    public func numberText() -> String {
        String(decoding: UnsafeBufferPointer(start: base + spanStart, count: spanEnd - spanStart), as: UTF8.self)
    }

    /// The current number as an exact `UInt64`. Fractions, exponents and negative values (other than
    /// `-0`) are `unexpectedType`; values above `UInt64.max` are `numberOutOfRange`.
    @inlinable
    public func uint64() throws(JSONError) -> UInt64 {
        if !numberIsFractional, !numberIsNegative, numberDigits <= 18 { return numberMagnitude }
        return try uint64Checked()
    }

    @usableFromInline func uint64Checked() throws(JSONError) -> UInt64 {
        guard !numberIsFractional else { throw failure(.unexpectedType, "expected an integer, found \(numberText())", at: tokenOffset) }
        let magnitude = try exactMagnitude()
        if numberIsNegative, magnitude != 0 {
            throw failure(.numberOutOfRange, "\(numberText()) is negative where an unsigned integer was expected", at: tokenOffset)
        }
        return magnitude
    }

    /// The current number as an exact `Int64`; fractions and exponents are `unexpectedType`, values
    /// outside `Int64` are `numberOutOfRange`.
    @inlinable
    public func int64() throws(JSONError) -> Int64 {
        if !numberIsFractional, !numberIsNegative, numberDigits <= 18 { return Int64(numberMagnitude) }
        return try int64Checked()
    }

    @usableFromInline func int64Checked() throws(JSONError) -> Int64 {
        guard !numberIsFractional else { throw failure(.unexpectedType, "expected an integer, found \(numberText())", at: tokenOffset) }
        let magnitude = try exactMagnitude()
        if numberIsNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                throw failure(.numberOutOfRange, "\(numberText()) does not fit a 64-bit integer", at: tokenOffset)
            }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else {
            throw failure(.numberOutOfRange, "\(numberText()) does not fit a 64-bit integer", at: tokenOffset)
        }
        return Int64(magnitude)
    }

    /// The integer part's value, re-parsed with overflow checks when it has more than 18 digits.
    private func exactMagnitude() throws(JSONError) -> UInt64 {
        if numberDigits <= 18 { return numberMagnitude }
        var value: UInt64 = 0
        let start = numberIsNegative ? spanStart + 1 : spanStart
        for index in start..<(start + numberDigits) {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(base[index] - UInt8(ascii: "0")))
            if overflow1 || overflow2 {
                throw failure(.numberOutOfRange, "\(numberText()) does not fit a 64-bit integer", at: tokenOffset)
            }
            value = sum
        }
        return value
    }

    /// The current number as the nearest `Double` (correctly rounded from the text).
    public func double() throws(JSONError) -> Double {
        if !numberIsFractional, numberDigits <= 15 {
            let value = Double(numberMagnitude)
            return numberIsNegative ? -value : value
        }
        guard let value = Double(numberText()), value.isFinite else {
            throw failure(.numberOutOfRange, "\(numberText()) is outside the range of a Double", at: tokenOffset)
        }
        return value
    }
}
