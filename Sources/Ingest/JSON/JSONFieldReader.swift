import JSONPullReader
import PipelineCore
import PlayerModel

/// Reads typed field values from a `JSONPullReader` for one document, reporting values of the wrong
/// type or range as diagnostics (the field then counts as absent) rather than failing the document.
/// Only grammar errors (`JSONError` of kind truncated/syntax/encoding/tooDeep) are thrown.
struct JSONFieldReader<Sink: DiagnosticSink> {
    let origin: DocumentOrigin
    let diagnostics: Sink

    /// The diagnostic location of the reader's current token: the bundle line for a JSON Lines
    /// document, else the token's line in the file.
    func location(_ reader: inout JSONPullReader, offset: Int? = nil) -> SourceLocation {
        if origin.line != nil { return origin.location() }
        return origin.location(line: reader.line(ofOffset: offset ?? reader.tokenOffset))
    }

    func error(_ code: String, _ message: String, _ reader: inout JSONPullReader, offset: Int? = nil) {
        diagnostics.error(code, message, at: location(&reader, offset: offset))
    }

    func warning(_ code: String, _ message: String, _ reader: inout JSONPullReader, offset: Int? = nil) {
        diagnostics.warning(code, message, at: location(&reader, offset: offset))
    }

    /// Reports a value of the wrong type and skips it.
    func unexpected(_ token: JSONToken, field: StaticString, expected: String, _ reader: inout JSONPullReader) throws(JSONError) {
        error("json.unexpectedType", "\(field): expected \(expected), found \(Self.describe(token))", &reader)
        try reader.skipRest(of: token)
    }

    static func describe(_ token: JSONToken) -> String {
        switch token {
        case .objectBegin: "an object"
        case .arrayBegin: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .key, .objectEnd, .arrayEnd, .endOfDocument: "no value"
        }
    }

    /// Reads the next value, expecting an object; `false` (reported and skipped) otherwise.
    func beginObject(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> Bool {
        let token = try reader.next()
        if token == .objectBegin { return true }
        try unexpected(token, field: field, expected: "an object", &reader)
        return false
    }

    /// Reads the next value, expecting an array; `false` (reported and skipped) otherwise.
    func beginArray(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> Bool {
        let token = try reader.next()
        if token == .arrayBegin { return true }
        try unexpected(token, field: field, expected: "an array", &reader)
        return false
    }

    /// Reads an array of objects: `entry` runs once per object with the reader just inside it and the object's
    /// offset, and returns the decoded value or nil to skip it. Items that are not objects are reported as
    /// `element` (e.g. `players[]`) and skipped. `nil` when the value is not an array (reported too).
    @inline(__always)
    func objects<Element>(
        _ reader: inout JSONPullReader, field: StaticString, element: StaticString, reserve: Int = 0,
        _ entry: (inout JSONPullReader, Int) throws(JSONError) -> Element?
    ) throws(JSONError) -> [Element]? {
        guard try beginArray(&reader, field: field) else { return nil }
        var result: [Element] = []
        if reserve > 0 { result.reserveCapacity(reserve) }
        while true {
            let token = try reader.next()
            if token == .arrayEnd { return result }
            guard token == .objectBegin else {
                try unexpected(token, field: element, expected: "an object", &reader)
                continue
            }
            if let value = try entry(&reader, reader.tokenOffset) { result.append(value) }
        }
    }

    /// A string value; `null` is absent.
    func string(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> String? {
        let token = try reader.next()
        switch token {
        case .string: return reader.string()
        case .null: return nil
        default:
            try unexpected(token, field: field, expected: "a string", &reader)
            return nil
        }
    }

    /// A string value, or a number's text (e.g. `gameVersion`, `locstatecode`); `null` is absent.
    func text(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> String? {
        let token = try reader.next()
        switch token {
        case .string: return reader.string()
        case .number: return reader.numberText()
        case .null: return nil
        default:
            try unexpected(token, field: field, expected: "a string", &reader)
            return nil
        }
    }

    /// An integer value (a JSON integer, or a string of decimal digits when `allowString`); `null` is absent.
    @inline(__always)
    func integer(_ reader: inout JSONPullReader, field: StaticString, allowString: Bool = false) throws(JSONError) -> Int64? {
        let token = try reader.next()
        if token == .number {
            do {
                return try reader.int64()
            } catch {
                self.error(error.code, "\(field): \(error.message)", &reader)
                return nil
            }
        }
        if token == .string, allowString {
            if let value = reader.withStringBytes({ Self.parseInt64($0) }) { return value }
            error("json.unexpectedType", "\(field): expected an integer, found \"\(reader.string())\"", &reader)
            return nil
        }
        if token == .null { return nil }
        try unexpected(token, field: field, expected: "an integer", &reader)
        return nil
    }

    /// An integer that must fit `Int`; out-of-range values are reported.
    @inline(__always)
    func int(_ reader: inout JSONPullReader, field: StaticString, allowString: Bool = false) throws(JSONError) -> Int? {
        guard let value = try integer(&reader, field: field, allowString: allowString) else { return nil }
        return Int(exactly: value)
    }

    /// A playtime in minutes, within `PlayerGame.minutesRange`; anything else is `value.outOfRange` and absent.
    func minutes(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> Int? {
        guard let value = try integer(&reader, field: field) else { return nil }
        guard let minutes = Int(exactly: value), PlayerGame.minutesRange.contains(minutes) else {
            error("value.outOfRange", "\(field): \(value) is not a playtime in minutes (0…\(PlayerGame.minutesRange.upperBound))", &reader)
            return nil
        }
        return minutes
    }

    /// A Steam app id (1 … 2³² − 1); anything else is reported as `appid.invalid`.
    func appID(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> UInt32? {
        guard let value = try integer(&reader, field: field, allowString: true) else { return nil }
        guard value > 0, let appID = UInt32(exactly: value) else {
            error("appid.invalid", "\(field): \(value) is not a valid app id", &reader)
            return nil
        }
        return appID
    }

    /// A number as `Double` (a JSON number, or a numeric string when `allowString`); `null` is absent.
    func double(_ reader: inout JSONPullReader, field: StaticString, allowString: Bool = false) throws(JSONError) -> Double? {
        let token = try reader.next()
        if token == .number {
            do {
                return try reader.double()
            } catch {
                self.error(error.code, "\(field): \(error.message)", &reader)
                return nil
            }
        }
        if token == .string, allowString {
            let text = reader.string()
            if let value = Self.parseDecimal(text) { return value }
            error("json.unexpectedType", "\(field): expected a number, found \"\(text)\"", &reader)
            return nil
        }
        if token == .null { return nil }
        try unexpected(token, field: field, expected: "a number", &reader)
        return nil
    }

    /// `true`/`false`, or the integers 0/1 (Steam uses both); `null` is absent.
    func bool(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> Bool? {
        let token = try reader.next()
        switch token {
        case .bool(let value): return value
        case .null: return nil
        case .number:
            if reader.numberIsInteger, let value = try? reader.int64(), value == 0 || value == 1 { return value == 1 }
            error("json.unexpectedType", "\(field): expected a boolean, found \(reader.numberText())", &reader)
            return nil
        default:
            try unexpected(token, field: field, expected: "a boolean", &reader)
            return nil
        }
    }

    /// A SteamID64 given as a string (or an exact JSON integer). An invalid id is reported as
    /// `steamid.invalid` with `severity` and gives `nil`; `null` gives `nil` silently.
    func steamID(_ reader: inout JSONPullReader, field: StaticString, severity: Severity = .error) throws(JSONError) -> SteamID64? {
        try steamIDUnlessNull(&reader, field: field, severity: severity) ?? nil
    }

    /// `.none` for JSON `null` (the field is absent); `.some(nil)` for a value that is not a SteamID64 (reported).
    func steamIDUnlessNull(_ reader: inout JSONPullReader, field: StaticString,
                           severity: Severity = .error) throws(JSONError) -> SteamID64?? {
        let token = try reader.next()
        let value: UInt64?
        switch token {
        case .string:
            value = reader.withStringBytes { Self.parseUInt64($0) }
        case .number:
            value = reader.numberIsInteger ? try? reader.uint64() : nil
        case .null:
            return .none
        default:
            try unexpected(token, field: field, expected: "a SteamID64 string", &reader)
            return .some(nil)
        }
        if let value, let id = SteamID64(rawValue: value) { return .some(id) }
        let shown = token == .string ? "\"\(reader.string())\"" : reader.numberText()
        diagnostics.emit(Diagnostic(severity, code: "steamid.invalid",
                                    "\(field): \(shown) is not a valid SteamID64", at: location(&reader)))
        return .some(nil)
    }

    // MARK: - Text to numbers

    /// Decimal digits only (no sign, no spaces) that fit `UInt64`.
    static func parseUInt64(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard !bytes.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// An optional `-` then decimal digits that fit `Int64`.
    static func parseInt64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "-") {
            guard let magnitude = parseUInt64(UnsafeRawBufferPointer(rebasing: bytes.dropFirst())),
                  magnitude <= UInt64(Int64.max) else { return nil }
            return -Int64(magnitude)
        }
        guard let magnitude = parseUInt64(bytes), magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// A plain decimal number (`12.5`, `-3`, `1e-4`): JSON number syntax only, so `nan`, `inf` and hex
    /// are rejected.
    static func parseDecimal(_ text: String) -> Double? {
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            default: return nil
            }
        }
        guard sawDigit, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
