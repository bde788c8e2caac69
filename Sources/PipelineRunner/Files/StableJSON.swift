import Foundation

/// JSON for small documents (manifest, summaries, diagnostics): `JSONEncoder` with sorted keys,
/// pretty-printed, slashes unescaped, and a final newline, so files are byte-stable and diff well.
public enum StableJSON {
    public static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding our own Codable values cannot fail except on non-finite doubles, which we never produce.
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return Array(data) + [0x0A]
    }
}
