import PipelineCore

/// Decimal digits of integers and fixed-point decimals appended straight to a byte buffer, without an intermediate `String`.
enum DecimalText {
    static let trueBytes: [UInt8] = Array("true".utf8)
    static let falseBytes: [UInt8] = Array("false".utf8)
    static let nullBytes: [UInt8] = Array("null".utf8)

    static func append(_ value: UInt64, to out: inout [UInt8]) {
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
    static func appendFixed(_ value: Double, places: Int, to out: inout [UInt8]) {
        guard value.isFinite, (0...9).contains(places) else {
            out.append(contentsOf: Cell.formatFixed(value, places: places).utf8)
            return
        }
        let divisor = powersOfTen[places]
        let scaled = (abs(value) * Double(divisor)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e18 else {
            out.append(contentsOf: Cell.formatFixed(value, places: places).utf8)
            return
        }
        let units = UInt64(scaled)
        if value < 0 && units != 0 { out.append(UInt8(ascii: "-")) }
        append(units / divisor, to: &out)
        guard places > 0 else { return }
        out.append(UInt8(ascii: "."))
        var fraction = units % divisor
        for _ in 0..<places { out.append(UInt8(ascii: "0")) }
        var position = out.count - 1
        while fraction > 0 {
            out[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            position -= 1
        }
    }

    private static let powersOfTen: [UInt64] = (0...9).map { p in (0..<p).reduce(UInt64(1)) { r, _ in r * 10 } }

    static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            append(value.magnitude, to: &out)
        } else {
            append(UInt64(value), to: &out)
        }
    }
}
