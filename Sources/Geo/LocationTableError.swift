/// A malformed `steam-locations.csv`: the 1-based line and a stable dotted code, so the runner can turn it into a
/// `Diagnostic` (`path:line: error: message [code]`).
public struct LocationTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `locations.invalidUTF8`, `locations.badHeader`, `locations.malformedRow`, `locations.duplicateCode`,
    /// `locations.missingParent`, `locations.empty`.
    public var code: String
    public var line: Int
    public var message: String

    public init(code: String, line: Int, message: String) {
        self.code = code
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message) [\(code)]" }
}
