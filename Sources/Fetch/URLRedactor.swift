/// Keeps the API key out of every message: the value of any `key=` query parameter becomes `REDACTED`,
/// and so does any other occurrence of the key itself (an HTTP client's error may quote the URL in its
/// own way, escaped or not).
public struct URLRedactor: Sendable {
    public let secret: String

    public init(secret: String) { self.secret = secret }

    public static let placeholder = "REDACTED"

    public func redact(_ text: String) -> String {
        var out = text
        if !secret.isEmpty {
            out = out.replacingAll(secret, with: Self.placeholder)
            let encoded = FetchRequest.percentEncode(secret)
            if encoded != secret { out = out.replacingAll(encoded, with: Self.placeholder) }
        }
        return Self.redactKeyParameters(out)
    }

    /// `…?key=abc&x=1` → `…?key=REDACTED&x=1` (also `&key=` and a case-insensitive `KEY=`).
    static func redactKeyParameters(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            out.append(scalar)
            index += 1
            guard scalar == "?" || scalar == "&", index + 4 <= scalars.count,
                  String(String.UnicodeScalarView(scalars[index..<index + 4])).lowercased() == "key=" else { continue }
            out.append(contentsOf: scalars[index..<index + 4])
            index += 4
            while index < scalars.count, !["&", " ", "\"", "'", "#", "\n", ")", ">"].contains(scalars[index]) { index += 1 }
            out.append(contentsOf: Self.placeholder.unicodeScalars)
        }
        return String(out)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed in the core).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
