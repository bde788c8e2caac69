import PipelineCore

/// Decimal digits of integers and fixed-point decimals, written straight as bytes without an intermediate `String`:
/// `write…(at:)` into memory the caller sized (`ByteCursor`), `append…(to:)` onto an array through a stack buffer.
public enum DecimalText {
    static let trueBytes: [UInt8] = Array("true".utf8)
    static let falseBytes: [UInt8] = Array("false".utf8)
    static let nullBytes: [UInt8] = Array("null".utf8)

    /// The most bytes `write(_:at:)` writes (`UInt64.max` has 20 digits).
    public static var maxIntegerBytes: Int { 20 }
    /// The most bytes `writeFixed(_:places:at:)` writes: a sign, 19 whole digits, a point and 9 decimals, or the
    /// shortest text of a double too large for that (at most 24 bytes).
    public static var maxFixedBytes: Int { 32 }

    /// Writes the digits of `value` at `p`; returns how many (1–20). Two digits per step from a table.
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1, rest = value
        while rest >= 100 { rest /= 100; digits += 2 }
        if rest >= 10 { digits += 1 }
        var v = value, k = digits
        let pairs = digitPairs.utf8Start
        while v >= 100 {
            let pair = Int(v % 100) &* 2
            v /= 100
            k -= 2
            p[k] = pairs[pair]
            p[k + 1] = pairs[pair + 1]
        }
        if v >= 10 {
            let pair = Int(v) &* 2
            p[k - 2] = pairs[pair]
            p[k - 1] = pairs[pair + 1]
        } else {
            p[k - 1] = UInt8(ascii: "0") + UInt8(v)
        }
        return digits
    }

    /// "00", "01", …, "99" back to back.
    @usableFromInline static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Writes `Cell.formatFixed(value, places:)` at `p` (exactly `places` decimals, rounded half away from zero; "0"
    /// for non-finite values); returns how many bytes (at most `maxFixedBytes`). `places` is 0…9.
    @inlinable
    public static func writeFixed(_ value: Double, places: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        precondition((0...9).contains(places))
        var divisor: UInt64 = 1
        for _ in 0..<places { divisor &*= 10 }
        let scaled = abs(value) * Double(divisor)
        // Doubles from 2^53 up are whole, so `scaled < 9e18` is the same test after rounding as before it.
        guard value.isFinite, scaled < 9.0e18 else {
            var text = Cell.formatFixed(value, places: places)
            return text.withUTF8 { utf8 in
                let count = min(utf8.count, maxFixedBytes)
                p.update(from: utf8.baseAddress!, count: count)
                return count
            }
        }
        // Half away from zero without libm's `round`: truncate, then add one when the dropped part is at least a half
        // (`scaled - whole` is exact: both are within a factor of two of each other, or `whole` is 0).
        let whole = UInt64(scaled)
        let units = whole + (scaled - Double(whole) >= 0.5 ? 1 : 0)
        var n = 0
        if value < 0 && units != 0 {
            p[0] = UInt8(ascii: "-")
            n = 1
        }
        n += write(units / divisor, at: p + n)
        guard places > 0 else { return n }
        p[n] = UInt8(ascii: ".")
        var fraction = units % divisor, k = n + places
        while k > n {
            p[k] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            k -= 1
        }
        return n + 1 + places
    }

    public static func append(_ value: UInt64, to out: inout [UInt8]) {
        guard value >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxIntegerBytes) { text in
            let count = write(value, at: text.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<count]))
        }
    }

    /// The bytes of `Cell.formatFixed(value, places:)` (see `writeFixed`), appended in one copy.
    public static func appendFixed(_ value: Double, places: Int, to out: inout [UInt8]) {
        guard (0...9).contains(places) else {
            out.append(contentsOf: Cell.formatFixed(value, places: places).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxFixedBytes) { text in
            let count = writeFixed(value, places: places, at: text.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<count]))
        }
    }

    public static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            append(value.magnitude, to: &out)
        } else {
            append(UInt64(value), to: &out)
        }
    }
}
