/// Why a JSON text could not be read, and where.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The input ended inside a value (unterminated string, missing `}`, …).
        case truncated
        /// The bytes are not JSON (unexpected character, bad escape, trailing data, …).
        case syntax
        /// The bytes are not valid UTF-8, or a `\u` escape leaves a surrogate unpaired.
        case encoding
        /// An integer does not fit the requested type.
        case numberOutOfRange
        /// The current token is not of the type asked for (e.g. `int64()` on `1.5`).
        case unexpectedType
        /// More nesting than `JSONPullReader.maximumDepth`.
        case tooDeep
    }

    public var kind: Kind
    public var message: String
    /// Byte offset into the reader's buffer.
    public var offset: Int
    /// 1-based line of `offset` (lines end at LF).
    public var line: Int
    /// 1-based byte column of `offset`.
    public var column: Int

    public init(kind: Kind, message: String, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The stable diagnostic code: `json.truncated`, `json.syntax`, `json.encoding`, `json.numberOutOfRange`,
    /// `json.unexpectedType`, `json.tooDeep`.
    public var code: String { "json.\(kind.rawValue)" }

    public var description: String { "\(line):\(column): \(message) [\(code)]" }
}
