/// Decimal digits of integers appended straight to a byte buffer, without an intermediate `String`.
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

    static func append(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            append(value.magnitude, to: &out)
        } else {
            append(UInt64(value), to: &out)
        }
    }
}
