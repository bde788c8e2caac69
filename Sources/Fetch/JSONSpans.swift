import JSONPullReader

/// Byte ranges of the members of a JSON object or the elements of an array, so a response can be taken
/// apart (a batch answer split per player) without re-encoding any value. The input must already be
/// valid JSON (`ResponseClassifier` checks it first).
enum JSONSpans {
    /// The members of the object at `range`: key text and the value's byte range. `nil` if it is not an object.
    static func members(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        var reader = JSONPullReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
        var out: [(String, Range<Int>)] = []
        do {
            guard try reader.next() == .objectBegin else { return nil }
            while try reader.nextKey() {
                let key = reader.string()
                let first = try reader.next()
                let start = reader.tokenOffset
                try reader.skipRest(of: first)
                out.append((key, (range.lowerBound + start)..<(range.lowerBound + reader.offset)))
            }
        } catch {
            return nil
        }
        return out
    }

    /// The elements of the array at `range`; `nil` if it is not an array.
    static func elements(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> [Range<Int>]? {
        var reader = JSONPullReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
        var out: [Range<Int>] = []
        do {
            guard try reader.next() == .arrayBegin else { return nil }
            while true {
                let first = try reader.next()
                if first == .arrayEnd { break }
                let start = reader.tokenOffset
                try reader.skipRest(of: first)
                out.append((range.lowerBound + start)..<(range.lowerBound + reader.offset))
            }
        } catch {
            return nil
        }
        return out
    }

    /// The value of `key` in the object at `range`.
    static func member(_ key: String, of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> Range<Int>? {
        members(of: bytes, in: range)?.last { $0.key == key }?.value
    }

    /// The string at `range` (a JSON string value), unescaped; `nil` for other values.
    static func string(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> String? {
        var reader = JSONPullReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
        guard (try? reader.next()) == .string else { return nil }
        return reader.string()
    }

    /// The raw text at `range` (a number's digits, `true`, …).
    static func text(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
