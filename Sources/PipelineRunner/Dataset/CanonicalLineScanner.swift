import Glibc
import JSONPullReader
import PlayerModel

/// A cursor over one line of a canonical table in exactly the form steam-mate writes it: the table's keys in their
/// declared order, no spaces, integers without sign, fraction or exponent, strings without escapes. Each method
/// consumes what it expects and returns it, or returns nil and leaves the line to the general reader, which accepts
/// every line this does (with the same values) and more. It exists for speed: a sharded pairing's shards read tens of
/// millions of lines, and matching the known form byte for byte costs a fraction of tokenizing it.
struct CanonicalLineScanner {
    let bytes: UnsafeRawBufferPointer
    private(set) var at = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Whether the whole line has been consumed.
    var atEnd: Bool { at == bytes.count }

    /// Consumes `text` if the line continues with exactly it.
    @inline(__always)
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard count <= bytes.count - at else { return false }
        let here = bytes.baseAddress! + at, expected = UnsafeRawPointer(text.utf8Start)
        if count >= 8 {
            // Eight bytes at a time, the last word overlapping the one before (literals here are keys: no call to memcmp).
            var offset = 0
            while offset + 8 < count {
                guard here.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset += 8
            }
            guard here.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else { return false }
        } else {
            for offset in 0..<count where here.load(fromByteOffset: offset, as: UInt8.self)
                != expected.load(fromByteOffset: offset, as: UInt8.self) { return false }
        }
        at += count
        return true
    }

    /// A non-negative integer of at most 18 digits, without a leading zero (JSON's form; 18 digits cannot overflow).
    mutating func natural() -> Int64? {
        let start = at
        var value: Int64 = 0
        while at < bytes.count, at - start < 19 {
            let digit = bytes[at] &- 0x30
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            at += 1
        }
        let digits = at - start
        guard digits >= 1, digits <= 18, digits == 1 || bytes[start] != 0x30 else { return nil }
        return value
    }

    /// `null` (.some(nil)) or a natural number; nil when neither.
    mutating func naturalOrNull() -> Int64?? {
        if literal("null") { return .some(nil) }
        return natural().map { .some($0) }
    }

    /// A string's contents (between its quotes) when it has no escape and no control character; `ascii` says whether
    /// every byte is below 0x80 (otherwise the caller must check the bytes are UTF-8 before trusting them).
    mutating func plainString() -> (contents: Range<Int>, ascii: Bool)? {
        guard at < bytes.count, bytes[at] == 0x22 else { return nil }
        let start = at + 1
        var index = start
        var ascii = true
        let base = bytes.baseAddress!
        while true {
            while index &+ 8 <= bytes.count {
                let word = (base + index).loadUnaligned(as: UInt64.self)
                guard !JSONPullReader.needsAttention(word) else { break }
                index &+= 8
            }
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == 0x22 { break }
            if byte == 0x5C || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        at = index + 1
        return (start..<index, ascii)
    }

    /// A string of ASCII bytes without escapes (what `sources` and ids hold); nil otherwise.
    mutating func asciiString() -> Range<Int>? {
        guard let string = plainString(), string.ascii else { return nil }
        return string.contents
    }

    /// A steamid as canonical tables write it: a string of 1–19 digits naming a valid id.
    mutating func steamID() -> SteamID64? {
        asciiString().flatMap { Self.steamID(digits: UnsafeRawBufferPointer(rebasing: bytes[$0])) }
    }

    /// 1–19 plain digits naming a valid id (no sign, no spaces: the general reader decides those); nil otherwise.
    static func steamID(digits: UnsafeRawBufferPointer) -> SteamID64? {
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit = byte &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ UInt64(digit)
        }
        return SteamID64(rawValue: value)
    }

    /// `[` ASCII strings separated by commas `]` (a `sources` list), skipped; false when it is anything else.
    mutating func skipStringList() -> Bool {
        guard literal("[") else { return false }
        if literal("]") { return true }
        repeat {
            guard asciiString() != nil else { return false }
        } while literal(",")
        return literal("]")
    }
}
