/// A strict, allocation-free pull reader over raw JSON bytes (RFC 8259, UTF-8 only).
///
/// `next()` returns one token at a time and checks the grammar as it goes: commas and colons are consumed
/// for you, strings are UTF-8-validated (escapes included, surrogates must pair), and anything after the
/// top-level value except whitespace is an error. The text of the current key, string or number stays
/// in the buffer; read it with `keyEquals(_:)` (no allocation), `string()`, `int64()`, `uint64()` or
/// `double()`. Integers are parsed exactly from the digits, never through `Double`.
///
/// The reader borrows `bytes`: the caller keeps the memory alive while reading.
public struct JSONPullReader {
    /// Deepest nesting accepted before `JSONError.Kind.tooDeep`.
    public static var maximumDepth: Int { ContainerStack.capacity }

    enum State {
        case value
        case valueOrArrayEnd
        case keyOrObjectEnd
        case key
        case commaOrEnd
        case done
    }

    /// The whole input.
    public let bytes: UnsafeRawBufferPointer
    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let count: Int
    /// The next byte to read.
    public private(set) var offset: Int
    /// Where the current token starts (the `"` of a key or string, the first byte of a number, …).
    public private(set) var tokenOffset = 0
    /// Content span of the current key or string (without quotes), or the text of the current number.
    @usableFromInline var spanStart = 0
    @usableFromInline var spanEnd = 0
    @usableFromInline var spanHasEscapes = false
    @usableFromInline var numberIsFractional = false
    @usableFromInline var numberIsNegative = false
    /// Integer digits of the current number and their value when at most 18 digits.
    @usableFromInline var numberDigits = 0
    @usableFromInline var numberMagnitude: UInt64 = 0
    var state = State.value
    @usableFromInline var stack = ContainerStack()
    /// Line cache for `line(ofOffset:)`: the line of `cachedOffset`.
    var cachedOffset = 0
    var cachedLine = 1

    /// A reader over `bytes`. An empty buffer reads as truncated.
    public init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.count = bytes.count
        // Raw input is read as bytes; UInt8 may alias any memory.
        self.base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) }
            ?? UnsafePointer(bitPattern: 1)!
        self.offset = 0
    }

    /// Number of open containers.
    @inlinable public var depth: Int { stack.depth }

    // MARK: - Tokens

    /// Reads the next token. Throws on the first problem; the reader must not be used after a throw.
    public mutating func next() throws(JSONError) -> JSONToken {
        while true {
            skipWhitespace()
            switch state {
            case .value:
                return try scanValue()
            case .valueOrArrayEnd:
                if offset < count, base[offset] == UInt8(ascii: "]") {
                    tokenOffset = offset
                    offset += 1
                    stack.pop()
                    state = stateAfterValue
                    return .arrayEnd
                }
                return try scanValue()
            case .keyOrObjectEnd, .key:
                guard offset < count else { throw failure(.truncated, "input ends where a key was expected", at: offset) }
                let byte = base[offset]
                if byte == UInt8(ascii: "}"), state == .keyOrObjectEnd {
                    tokenOffset = offset
                    offset += 1
                    stack.pop()
                    state = stateAfterValue
                    return .objectEnd
                }
                guard byte == UInt8(ascii: "\"") else { throw unexpectedByte(at: offset, expected: "a key string") }
                tokenOffset = offset
                try scanString()
                skipWhitespace()
                guard offset < count else { throw failure(.truncated, "input ends after a key", at: offset) }
                guard base[offset] == UInt8(ascii: ":") else { throw unexpectedByte(at: offset, expected: "':' after the key") }
                offset += 1
                state = .value
                return .key
            case .commaOrEnd:
                guard offset < count else {
                    throw failure(.truncated, "input ends inside an \(stack.topIsObject ? "object" : "array")", at: offset)
                }
                let byte = base[offset]
                let inObject = stack.topIsObject
                if byte == UInt8(ascii: ",") {
                    offset += 1
                    state = inObject ? .key : .value
                    continue
                }
                if inObject, byte == UInt8(ascii: "}") {
                    tokenOffset = offset
                    offset += 1
                    stack.pop()
                    state = stateAfterValue
                    return .objectEnd
                }
                if !inObject, byte == UInt8(ascii: "]") {
                    tokenOffset = offset
                    offset += 1
                    stack.pop()
                    state = stateAfterValue
                    return .arrayEnd
                }
                throw unexpectedByte(at: offset, expected: inObject ? "',' or '}'" : "',' or ']'")
            case .done:
                tokenOffset = offset
                if offset == count { return .endOfDocument }
                throw unexpectedByte(at: offset, expected: "the end of the input after the top-level value")
            }
        }
    }

    /// Inside an object: reads the next key (`true`) or the object's end (`false`).
    @inlinable
    public mutating func nextKey() throws(JSONError) -> Bool {
        let token = try next()
        assert(token == .key || token == .objectEnd, "nextKey() called outside an object")
        return token == .key
    }

    /// Skips the next value, whole.
    public mutating func skipValue() throws(JSONError) {
        try skipRest(of: try next())
    }

    /// Finishes a value whose first token was `first`: nothing for a scalar, up to and including the
    /// matching end for an object or array.
    public mutating func skipRest(of first: JSONToken) throws(JSONError) {
        guard first == .objectBegin || first == .arrayBegin else { return }
        let target = stack.depth - 1
        while stack.depth > target { _ = try next() }
    }

    /// Skips the rest of the innermost open container, including its end token.
    public mutating func skipRestOfContainer() throws(JSONError) {
        let target = stack.depth - 1
        while stack.depth > target { _ = try next() }
    }

    private var stateAfterValue: State { stack.depth == 0 ? .done : .commaOrEnd }

    @inline(__always)
    private mutating func skipWhitespace() {
        while offset < count {
            let byte = base[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            offset += 1
        }
    }

    private mutating func scanValue() throws(JSONError) -> JSONToken {
        guard offset < count else { throw failure(.truncated, "input ends where a value was expected", at: offset) }
        tokenOffset = offset
        switch base[offset] {
        case UInt8(ascii: "{"):
            offset += 1
            guard stack.push(isObject: true) else { throw failure(.tooDeep, "more than \(Self.maximumDepth) nested containers", at: tokenOffset) }
            state = .keyOrObjectEnd
            return .objectBegin
        case UInt8(ascii: "["):
            offset += 1
            guard stack.push(isObject: false) else { throw failure(.tooDeep, "more than \(Self.maximumDepth) nested containers", at: tokenOffset) }
            state = .valueOrArrayEnd
            return .arrayBegin
        case UInt8(ascii: "\""):
            try scanString()
            state = stateAfterValue
            return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            state = stateAfterValue
            return .number
        case UInt8(ascii: "t"):
            try scanLiteral("true")
            state = stateAfterValue
            return .bool(true)
        case UInt8(ascii: "f"):
            try scanLiteral("false")
            state = stateAfterValue
            return .bool(false)
        case UInt8(ascii: "n"):
            try scanLiteral("null")
            state = stateAfterValue
            return .null
        default:
            throw unexpectedByte(at: offset, expected: "a value")
        }
    }

    private mutating func scanLiteral(_ literal: StaticString) throws(JSONError) {
        let text = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount {
            guard offset + index < count else { throw failure(.truncated, "input ends inside '\(literal)'", at: offset + index) }
            guard base[offset + index] == text[index] else { throw unexpectedByte(at: offset + index, expected: "'\(literal)'") }
        }
        offset += literal.utf8CodeUnitCount
    }

    /// Scans a string starting at the `"` at `offset`, validating escapes and UTF-8.
    @inline(__always)
    private mutating func scanString() throws(JSONError) {
        var index = offset + 1
        var escapes = false
        while true {
            // Eight plain ASCII bytes at a time: no quote, backslash, control or non-ASCII byte.
            while index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard !Self.needsAttention(word) else { break }
                index &+= 8
            }
            guard index < count else { throw failure(.truncated, "input ends inside a string", at: offset) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escapes = true
                index = try scanEscape(at: index)
            } else if byte < 0x20 {
                throw failure(.syntax, "control character 0x\(String(byte, radix: 16)) inside a string", at: index)
            } else if byte >= 0x80 {
                index = try scanUTF8Sequence(at: index)
            } else {
                index += 1
            }
        }
        spanStart = offset + 1
        spanEnd = index
        spanHasEscapes = escapes
        offset = index + 1
    }

    /// Whether any byte of `word` is `"`, `\\`, below 0x20 or above 0x7F (SWAR: exact, no false positives
    /// without a real match in the word): eight string bytes that need no look of their own when false.
    @inlinable @inline(__always)
    public static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs != 0
    }

    /// Validates the escape at `index` (a backslash) and returns the index after it.
    private func scanEscape(at index: Int) throws(JSONError) -> Int {
        guard index + 1 < count else { throw failure(.truncated, "input ends inside an escape", at: index) }
        switch base[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            let unit = try hexQuad(at: index + 2)
            if unit >= 0xDC00, unit <= 0xDFFF {
                throw failure(.encoding, "unpaired low surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: index)
            }
            guard unit >= 0xD800, unit <= 0xDBFF else { return index + 6 }
            for (position, expected) in [(index + 6, UInt8(ascii: "\\")), (index + 7, UInt8(ascii: "u"))] {
                guard position < count else { throw failure(.truncated, "input ends inside a surrogate pair", at: index) }
                guard base[position] == expected else {
                    throw failure(.encoding, "unpaired high surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: index)
                }
            }
            let low = try hexQuad(at: index + 8)
            guard low >= 0xDC00, low <= 0xDFFF else {
                throw failure(.encoding, "unpaired high surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: index)
            }
            return index + 12
        default:
            throw failure(.syntax, "invalid escape '\\\(Unicode.Scalar(base[index + 1]))'", at: index)
        }
    }

    private func hexQuad(at index: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            guard position < count else { throw failure(.truncated, "input ends inside a \\u escape", at: position) }
            let byte = base[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure(.syntax, "\\u escape needs four hex digits", at: position)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence starting at `index` and returns the index after it.
    private func scanUTF8Sequence(at index: Int) throws(JSONError) -> Int {
        let lead = base[index]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondHigh = 0x9F
        case 0xF0: length = 4; secondLow = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondHigh = 0x8F
        default: throw failure(.encoding, "invalid UTF-8 lead byte 0x\(String(lead, radix: 16, uppercase: true))", at: index)
        }
        for position in (index + 1)..<(index + length) {
            guard position < count else { throw failure(.truncated, "input ends inside a UTF-8 sequence", at: position) }
            let byte = base[position]
            let low = position == index + 1 ? secondLow : 0x80
            let high = position == index + 1 ? secondHigh : 0xBF
            guard byte >= low, byte <= high else {
                throw failure(.encoding, "invalid UTF-8 sequence starting with 0x\(String(lead, radix: 16, uppercase: true))", at: index)
            }
        }
        return index + length
    }

    @inline(__always)
    private mutating func scanNumber() throws(JSONError) {
        var index = offset
        numberIsNegative = false
        numberIsFractional = false
        if base[index] == UInt8(ascii: "-") {
            numberIsNegative = true
            index += 1
        }
        guard index < count else { throw failure(.truncated, "input ends inside a number", at: index) }
        let integerStart = index
        var magnitude: UInt64 = 0
        let first = base[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < count, isDigit(base[index]) { throw failure(.syntax, "a number cannot have a leading zero", at: integerStart) }
        } else if isDigit(first) {
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                index += 1
            }
        } else {
            throw unexpectedByte(at: index, expected: "a digit")
        }
        numberDigits = index - integerStart
        numberMagnitude = magnitude
        if index < count, base[index] == UInt8(ascii: ".") {
            numberIsFractional = true
            index = try scanDigits(from: index + 1, after: "'.'")
        }
        if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            numberIsFractional = true
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            index = try scanDigits(from: index, after: "the exponent")
        }
        spanStart = offset
        spanEnd = index
        offset = index
    }

    /// One or more digits from `index`; returns the index after them.
    private func scanDigits(from index: Int, after what: String) throws(JSONError) -> Int {
        var position = index
        while position < count, isDigit(base[position]) { position += 1 }
        guard position > index else {
            if position >= count { throw failure(.truncated, "input ends inside a number", at: position) }
            throw unexpectedByte(at: position, expected: "a digit after \(what)")
        }
        return position
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    // MARK: - Errors and positions

    /// An error of `kind` at byte `offset`, with its line and column.
    @usableFromInline func failure(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
        let (line, column) = lineAndColumn(ofOffset: offset)
        return JSONError(kind: kind, message: message, offset: offset, line: line, column: column)
    }

    /// A syntax error for the byte at `offset`, or an encoding error when that byte starts no valid UTF-8.
    private func unexpectedByte(at offset: Int, expected: String) -> JSONError {
        let byte = base[offset]
        if byte >= 0x80 {
            do { _ = try scanUTF8Sequence(at: offset) } catch { return error }
            return failure(.syntax, "unexpected character where \(expected) was expected", at: offset)
        }
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Unicode.Scalar(byte))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return failure(.syntax, "unexpected \(shown) where \(expected) was expected", at: offset)
    }

    /// 1-based line and byte column of `offset` (lines end at LF, so CRLF counts once).
    public func lineAndColumn(ofOffset offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, count)
        var index = 0
        while index < end {
            if base[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The 1-based line of `offset`, counted from the previous query (forward or backward), so reporting
    /// many positions near each other costs about one pass over the input.
    public mutating func line(ofOffset offset: Int) -> Int {
        let end = max(0, min(offset, count))
        var index = min(end, cachedOffset)
        let stop = max(end, cachedOffset)
        var newlines = 0
        while index < stop {
            if base[index] == 0x0A { newlines += 1 }
            index += 1
        }
        cachedLine += end >= cachedOffset ? newlines : -newlines
        cachedOffset = end
        return cachedLine
    }
}
