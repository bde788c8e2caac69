import JSONPullReader
import Testing

/// A token with its text, for comparing whole streams.
private enum Read: Equatable {
    case begin(Character)
    case end(Character)
    case key(String)
    case string(String)
    case number(String)
    case bool(Bool)
    case null
}

private func tokens(_ text: String) throws -> [Read] {
    try tokens(Array(text.utf8))
}

private func tokens(_ bytes: [UInt8]) throws -> [Read] {
    try bytes.withUnsafeBytes { buffer in
        var reader = JSONPullReader(bytes: buffer)
        var result: [Read] = []
        while true {
            switch try reader.next() {
            case .objectBegin: result.append(.begin("{"))
            case .objectEnd: result.append(.end("}"))
            case .arrayBegin: result.append(.begin("["))
            case .arrayEnd: result.append(.end("]"))
            case .key: result.append(.key(reader.string()))
            case .string: result.append(.string(reader.string()))
            case .number: result.append(.number(reader.numberText()))
            case .bool(let value): result.append(.bool(value))
            case .null: result.append(.null)
            case .endOfDocument: return result
            }
        }
    }
}

/// The error reading `bytes` to the end throws.
private func readError(_ bytes: [UInt8]) -> JSONError? {
    bytes.withUnsafeBytes { buffer -> JSONError? in
        var reader = JSONPullReader(bytes: buffer)
        do throws(JSONError) {
            while try reader.next() != .endOfDocument {}
            return nil
        } catch {
            return error
        }
    }
}

private func readError(_ text: String) -> JSONError? { readError(Array(text.utf8)) }

/// Reads a document that is a single number and applies `read` to it.
private func number<T>(_ text: String, _ read: (inout JSONPullReader) throws -> T) throws -> T {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBytes { buffer in
        var reader = JSONPullReader(bytes: buffer)
        let token = try reader.next()
        #expect(token == .number)
        return try read(&reader)
    }
}

@Suite struct JSONPullReaderTests {
    @Test func readsNestedStructureWithCommasAndColonsConsumed() throws {
        let read = try tokens(#" { "a" : [1, {"b": null}, [], {}], "c": true, "d": false, "e": "x" } "#)
        #expect(read == [
            .begin("{"), .key("a"), .begin("["), .number("1"), .begin("{"), .key("b"), .null, .end("}"),
            .begin("["), .end("]"), .begin("{"), .end("}"), .end("]"),
            .key("c"), .bool(true), .key("d"), .bool(false), .key("e"), .string("x"), .end("}"),
        ])
    }

    @Test func scalarsAreValidTopLevelValues() throws {
        #expect(try tokens("42") == [.number("42")])
        #expect(try tokens("\"s\"\r\n") == [.string("s")])
        #expect(try tokens("null") == [.null])
    }

    @Test func unsignedIntegersAtTheUInt64Edges() throws {
        #expect(try number("18446744073709551615") { try $0.uint64() } == UInt64.max)
        #expect(try number("0") { try $0.uint64() } == 0)
        #expect(try number("999999999999999999") { try $0.uint64() } == 999_999_999_999_999_999)
        #expect(try number("76561197960435530") { try $0.uint64() } == 76_561_197_960_435_530)
        let overflow = #expect(throws: JSONError.self) {
            try number("18446744073709551616") { try $0.uint64() }
        }
        #expect(overflow?.kind == .numberOutOfRange)
        #expect(overflow?.code == "json.numberOutOfRange")
        let negative = #expect(throws: JSONError.self) { try number("-1") { try $0.uint64() } }
        #expect(negative?.kind == .numberOutOfRange)
    }

    @Test func signedIntegersAtTheInt64Edges() throws {
        #expect(try number("9223372036854775807") { try $0.int64() } == Int64.max)
        #expect(try number("-9223372036854775808") { try $0.int64() } == Int64.min)
        #expect(try number("-0") { try $0.int64() } == 0)
        let tooBig = #expect(throws: JSONError.self) { try number("9223372036854775808") { try $0.int64() } }
        #expect(tooBig?.kind == .numberOutOfRange)
        let tooSmall = #expect(throws: JSONError.self) { try number("-9223372036854775809") { try $0.int64() } }
        #expect(tooSmall?.kind == .numberOutOfRange)
    }

    @Test func integersAreExactNotRoundedThroughDouble() throws {
        // 2^53 + 1 is not representable as a Double.
        #expect(try number("9007199254740993") { try $0.int64() } == 9_007_199_254_740_993)
    }

    @Test func fractionsAreDoublesNotIntegers() throws {
        #expect(try number("0.84169280529022217") { try $0.double() } == 0.84169280529022217)
        #expect(try number("-1.5e3") { try $0.double() } == -1500)
        #expect(try number("12") { try $0.double() } == 12)
        let notInteger = #expect(throws: JSONError.self) { try number("1.0") { try $0.int64() } }
        #expect(notInteger?.kind == .unexpectedType)
        let exponent = #expect(throws: JSONError.self) { try number("1e2") { try $0.uint64() } }
        #expect(exponent?.kind == .unexpectedType)
    }

    @Test func numberGrammarIsStrict() {
        #expect(readError("01")?.kind == .syntax)
        #expect(readError("1.")?.kind == .truncated)
        #expect(readError("[1.]")?.kind == .syntax)
        #expect(readError("-")?.kind == .truncated)
        #expect(readError("[-x]")?.kind == .syntax)
        #expect(readError("[+1]")?.kind == .syntax)
        #expect(readError("[1e]")?.kind == .syntax)
        #expect(readError("[.5]")?.kind == .syntax)
    }

    @Test func decodesEscapes() throws {
        let read = try tokens(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4E2D", "caf\u00E9"]"#)
        #expect(read == [.begin("["), .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"), .string("é中"), .string("café"), .end("]")])
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try tokens(#""\uD83D\uDE00""#) == [.string("😀")])
        #expect(try tokens(#""x\ud83c\udfae y""#) == [.string("x🎮 y")])
    }

    @Test func rejectsUnpairedSurrogatesAsEncodingErrors() {
        #expect(readError(#""\uD83D""#)?.kind == .encoding)
        #expect(readError(#""\uD83Dx""#)?.kind == .encoding)
        #expect(readError(#""\uDE00""#)?.kind == .encoding)
        #expect(readError(#""\uD83D\u0041""#)?.kind == .encoding)
    }

    @Test func rejectsBadEscapes() {
        #expect(readError(#""\x""#)?.kind == .syntax)
        #expect(readError(#""\u12G4""#)?.kind == .syntax)
        #expect(readError(#""\u12"#)?.kind == .truncated)
    }

    @Test func passesValidMultibyteUTF8Through() throws {
        let text = "DARK SOULS™ II — Ünïcødé 中文 😀"
        #expect(try tokens("\"\(text)\"") == [.string(text)])
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22],              // never valid
            [0x22, 0xC0, 0xAF, 0x22],        // overlong
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong 3-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-16 surrogate encoded in UTF-8
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xC3, 0x28, 0x22],        // bad continuation
            [0x22, 0x80, 0x22],              // lone continuation
        ]
        for bytes in cases {
            #expect(readError(bytes)?.kind == .encoding, "\(bytes)")
        }
        #expect(readError([0x5B, 0xFF, 0x5D])?.kind == .encoding)
    }

    @Test func findsSpecialBytesAtEveryPositionOfAWord() throws {
        // The string scanner checks eight bytes at a time: put each special byte at every offset.
        for prefix in 0..<17 {
            let head = String(repeating: "a", count: prefix)
            let tail = String(repeating: "z", count: 17 - prefix)
            #expect(try tokens("[\"\(head)\\n\(tail)\"]") == [.begin("["), .string(head + "\n" + tail), .end("]")])
            #expect(try tokens("[\"\(head)é\(tail)\"]") == [.begin("["), .string(head + "é" + tail), .end("]")])
            #expect(try tokens("[\"\(head)\", \"\(tail)\"]") == [.begin("["), .string(head), .string(tail), .end("]")])
            #expect(readError("[\"\(head)\t\(tail)\"]")?.column == prefix + 3)
            #expect(readError(Array("[\"\(head)".utf8) + [0xFE] + Array("\(tail)\"]".utf8))?.kind == .encoding)
            #expect(readError("[\"\(head)\(tail)")?.kind == .truncated)
        }
    }

    @Test func rejectsControlCharactersInStrings() {
        #expect(readError("\"a\nb\"")?.kind == .syntax)
    }

    @Test func distinguishesTruncatedFromSyntaxErrors() {
        #expect(readError("")?.kind == .truncated)
        #expect(readError("   ")?.kind == .truncated)
        #expect(readError(#"{"a": [1, 2"#)?.kind == .truncated)
        #expect(readError(#"{"a": "unterminated"#)?.kind == .truncated)
        #expect(readError(#"{"a""#)?.kind == .truncated)
        #expect(readError(#"{"a":"#)?.kind == .truncated)
        #expect(readError("tru")?.kind == .truncated)
        #expect(readError("trux")?.kind == .syntax)
        #expect(readError(#"{"a" 1}"#)?.kind == .syntax)
        #expect(readError(#"{"a": 1,}"#)?.kind == .syntax)
        #expect(readError("[1,]")?.kind == .syntax)
        #expect(readError("[1 2]")?.kind == .syntax)
        #expect(readError("{1: 2}")?.kind == .syntax)
        #expect(readError("{'a': 2}")?.kind == .syntax)
        #expect(readError("[1}")?.kind == .syntax)
    }

    @Test func rejectsTrailingGarbage() {
        let error = readError("{\"a\": 1}\n{\"b\": 2}")
        #expect(error?.kind == .syntax)
        #expect(error?.line == 2)
        #expect(error?.column == 1)
        #expect(readError("{} x")?.kind == .syntax)
        #expect(readError("{} \r\n\t ") == nil)
    }

    @Test func errorsCarryLineAndColumn() {
        let error = readError("{\r\n  \"a\": 1,\r\n  \"b\": tru3\r\n}")
        #expect(error?.kind == .syntax)
        #expect(error?.line == 3)
        #expect(error?.column == 11)
        let truncated = readError("[\n1,\n2")
        #expect(truncated?.kind == .truncated)
        #expect(truncated?.line == 3)
        #expect(truncated?.column == 2)
        #expect(truncated?.description == "3:2: input ends inside an array [json.truncated]")
    }

    @Test func limitsNestingDepth() {
        let deep = String(repeating: "[", count: JSONPullReader.maximumDepth) + String(repeating: "]", count: JSONPullReader.maximumDepth)
        #expect(readError(deep) == nil)
        let tooDeep = String(repeating: "[", count: JSONPullReader.maximumDepth + 1)
        #expect(readError(tooDeep)?.kind == .tooDeep)
    }

    @Test func comparesKeysWithoutDecodingUnlessEscaped() throws {
        let bytes = Array(#"{"appid": 1, "app\u0069d": 2, "appids": 3}"#.utf8)
        var matches: [Int64] = []
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONPullReader(bytes: buffer)
            #expect(try reader.next() == .objectBegin)
            while try reader.nextKey() {
                let isAppID = reader.keyEquals("appid")
                #expect(try reader.next() == .number)
                if isAppID { matches.append(try reader.int64()) }
            }
            #expect(try reader.next() == .endOfDocument)
        }
        #expect(matches == [1, 2])
    }

    @Test func skipsValuesWholeAndRestsOfContainers() throws {
        let bytes = Array(#"{"skip": {"a": [1, {"b": "]"}], "c": "}"}, "keep": 7, "rest": [1, [2], 3]}"#.utf8)
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONPullReader(bytes: buffer)
            #expect(try reader.next() == .objectBegin)
            #expect(try reader.nextKey())
            #expect(reader.keyEquals("skip"))
            try reader.skipValue()
            #expect(try reader.nextKey())
            #expect(reader.keyEquals("keep"))
            #expect(try reader.next() == .number)
            #expect(try reader.int64() == 7)
            #expect(try reader.nextKey())
            #expect(try reader.next() == .arrayBegin)
            #expect(try reader.next() == .number)
            try reader.skipRestOfContainer()
            #expect(reader.depth == 1)
            #expect(try reader.next() == .objectEnd)
            #expect(try reader.next() == .endOfDocument)
        }
    }

    @Test func skippingStillValidates() {
        let bytes = Array(#"{"skip": "\uD800", "keep": 1}"#.utf8)
        let error = bytes.withUnsafeBytes { buffer -> JSONError? in
            var reader = JSONPullReader(bytes: buffer)
            do throws(JSONError) {
                _ = try reader.next()
                _ = try reader.nextKey()
                try reader.skipValue()
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.kind == .encoding)
    }

    @Test func readsStringBytesWithoutCopyingWhenUnescaped() throws {
        let bytes = Array(#"["76561197960435530", "7656\u0031"]"#.utf8)
        var texts: [[UInt8]] = []
        try bytes.withUnsafeBytes { buffer in
            var reader = JSONPullReader(bytes: buffer)
            _ = try reader.next()
            while try reader.next() == .string {
                texts.append(reader.withStringBytes { Array($0) })
            }
        }
        #expect(texts == [Array("76561197960435530".utf8), Array("76561".utf8)])
    }

    @Test func tracksLinesForwardAndBackward() {
        let bytes = Array("a\nbb\r\nccc\n".utf8)
        bytes.withUnsafeBytes { buffer in
            var reader = JSONPullReader(bytes: buffer)
            #expect(reader.line(ofOffset: 0) == 1)
            #expect(reader.line(ofOffset: 3) == 2)
            #expect(reader.line(ofOffset: 7) == 3)
            #expect(reader.line(ofOffset: 2) == 2)
            #expect(reader.line(ofOffset: 1) == 1)
            #expect(reader.line(ofOffset: 10) == 4)
            #expect(reader.line(ofOffset: 0) == 1)
            #expect(reader.line(ofOffset: 6) == 3)
            #expect(reader.lineAndColumn(ofOffset: 8) == (3, 3))
        }
    }
}
