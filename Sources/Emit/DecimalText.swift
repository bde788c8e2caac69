import PipelineCore

/// Decimal digits of integers and fixed-point decimals appended straight to a byte buffer, without an intermediate
/// `String`. Each number is formatted into a small stack buffer and appended in one copy.
public enum DecimalText {
    static let trueBytes: [UInt8] = Array("true".utf8)
    static let falseBytes: [UInt8] = Array("false".utf8)
    static let nullBytes: [UInt8] = Array("null".utf8)

    public static func append(_ value: UInt64, to out: inout [UInt8]) {
        guard value >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var v = value
            var start = 20
            while v > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// The bytes of `Cell.formatFixed(value, places:)`, appended without building a `String`:
    /// exactly `places` fractional digits, rounded half away from zero; "0" for non-finite values.
    public static func appendFixed(_ value: Double, places: Int, to out: inout [UInt8]) {
        guard value.isFinite, (0...9).contains(places) else {
            out.append(contentsOf: Cell.formatFixed(value, places: places).utf8)
            return
        }
        var divisor: UInt64 = 1
        for _ in 0..<places { divisor &*= 10 }
        let scaled = (abs(value) * Double(divisor)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e18 else {
            out.append(contentsOf: Cell.formatFixed(value, places: places).utf8)
            return
        }
        let units = UInt64(scaled)
        // At most a sign, 19 whole digits, a point and 9 decimals.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { text in
            var start = 32
            if places > 0 {
                var fraction = units % divisor
                for _ in 0..<places {
                    start -= 1
                    text[start] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                start -= 1
                text[start] = UInt8(ascii: ".")
            }
            var whole = units / divisor
            repeat {
                start -= 1
                text[start] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            } while whole > 0
            if value < 0 && units != 0 {
                start -= 1
                text[start] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<32]))
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
