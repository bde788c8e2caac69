/// Removes the whitespace between JSON tokens (never inside strings), so a response body fits on one
/// JSON Lines line. Values keep their exact bytes: numbers are not re-printed, strings not re-escaped.
/// The input must be valid JSON; raw line breaks cannot occur inside JSON strings.
public enum JSONMinifier {
    public static func minify(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""): inString = true; out.append(byte)
            default: out.append(byte)
            }
        }
        return out
    }
}
