import Foundation

/// Where the Steam Web API key comes from: a key file (named in the pipeline or by `--key-file`) or the
/// `STEAM_API_KEY` environment variable. The key is returned, never printed; errors name the file only.
public enum APIKeySource {
    public static let environmentVariable = "STEAM_API_KEY"

    public static func resolve(keyFile: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let keyFile {
            guard let bytes = try? DurableFile.read(keyFile) else {
                throw FetchRunError("fetch.noKey", "cannot read the key file \(keyFile.path)")
            }
            let key = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard isPlausible(key) else { throw FetchRunError("fetch.noKey", "the key file \(keyFile.path) holds no key on its first line") }
            return key
        }
        guard let key = environment[environmentVariable]?.trimmingCharacters(in: .whitespacesAndNewlines), isPlausible(key) else {
            throw FetchRunError("fetch.noKey", "no Steam Web API key: set \(environmentVariable) or name a key file")
        }
        return key
    }

    /// Printable ASCII without spaces or URL delimiters, so it cannot break the query string.
    static func isPlausible(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= 256 && key.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "#") }
    }
}
