/// Escaping for text placed in HTML and SVG (element content and double-quoted attributes).
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters (a hostile persona name or file name) are shown, not interpreted.
                if scalar.value < 0x20, scalar != "\n", scalar != "\t" {
                    out += "&#xFFFD;"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
