/// File names in diagnostics, escaped so that a name holding a newline, a control character or bytes that
/// are not UTF-8 cannot forge or break a `path:line: error: …` line.
public enum PathEscaping {
    public static func escaped(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: needsEscape) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if needsEscape(scalar) {
                switch scalar {
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\\": out += "\\\\"
                default: out += "\\u{\(String(scalar.value, radix: 16))}"
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Bytes that are not valid UTF-8, printable ASCII kept and the rest as `\xNN`.
    public static func escapedBytes(_ bytes: [UInt8]) -> String {
        var out = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\\" || (0x80...0x9F).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
