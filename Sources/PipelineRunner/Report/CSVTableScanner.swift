import Foundation
import Glibc

/// Streams the records of one RFC 4180 table file (`<table>.csv` of an output) in 8 MiB chunks, handing over only
/// the requested columns, so a table of any size is aggregated with flat memory. Quoted fields may hold commas,
/// doubled quotes and line breaks; CRLF and LF line ends are both read.
struct CSVTableScanner {
    static let chunkSize = 8 << 20

    /// One record's requested fields, valid only inside the callback.
    struct Record {
        fileprivate var bytes: UnsafeBufferPointer<UInt8>
        fileprivate var starts: [Int]
        fileprivate var ends: [Int]
        fileprivate var quoted: [Bool]

        /// The raw bytes of requested column `i` (inside the quotes, doubled quotes not yet undone); empty when
        /// the column is missing from the header.
        func raw(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            guard starts[i] >= 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(rebasing: bytes[starts[i]..<ends[i]])
        }

        func isEmpty(_ i: Int) -> Bool { starts[i] < 0 || starts[i] == ends[i] }

        /// The index in `candidates` of the one equal to field `i` (raw bytes), without building a string.
        func match(_ i: Int, in candidates: [[UInt8]]) -> Int? {
            let field = raw(i)
            return candidates.firstIndex { $0.count == field.count && $0.elementsEqual(field) }
        }

        /// The field as text, quotes undone.
        func string(_ i: Int) -> String {
            let text = String(decoding: raw(i), as: UTF8.self)
            return quoted[i] ? text.replacingOccurrences(of: "\"\"", with: "\"") : text
        }

        /// A plain decimal (`-12.5`, `0.013321`, `7`); nil when empty or not a number.
        func double(_ i: Int) -> Double? {
            let field = raw(i)
            guard !field.isEmpty else { return nil }
            var mantissa: UInt64 = 0
            var scale = 1.0
            var digits = 0
            var afterPoint = false
            var index = 0
            let negative = field[0] == UInt8(ascii: "-")
            if negative { index = 1 }
            while index < field.count {
                let byte = field[index]
                if byte == UInt8(ascii: ".") {
                    if afterPoint { return nil }
                    afterPoint = true
                } else if byte >= 0x30, byte <= 0x39 {
                    guard digits < 18 else { return Double(string(i)) }
                    mantissa = mantissa * 10 + UInt64(byte - 0x30)
                    digits += 1
                    if afterPoint { scale *= 10 }
                } else {
                    return Double(string(i))
                }
                index += 1
            }
            guard digits > 0 else { return nil }
            let value = Double(mantissa) / scale
            return negative ? -value : value
        }

        func int(_ i: Int) -> Int? {
            let field = raw(i)
            guard !field.isEmpty, field.count <= 18 else { return field.isEmpty ? nil : Int(string(i)) }
            var value = 0
            for byte in field {
                guard byte >= 0x30, byte <= 0x39 else { return Int(string(i)) }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
    }

    /// Calls `body` for every data record of `url` with `columns` in the given order. Returns false (and calls
    /// nothing) when the file does not exist.
    @discardableResult
    static func scan(_ url: URL, columns: [String], _ body: (Record) throws -> Void) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return false }
        defer { try? handle.close() }
        var slotOf: [Int]? = nil
        var buffer: [UInt8] = []
        var finished = false
        var starts = Array(repeating: -1, count: columns.count)
        var ends = Array(repeating: -1, count: columns.count)
        var quoted = Array(repeating: false, count: columns.count)
        while !finished {
            let data = try handle.read(upToCount: chunkSize) ?? Data()
            if data.isEmpty { finished = true } else { buffer.append(contentsOf: data) }
            var consumed = 0
            try buffer.withUnsafeBufferPointer { bytes in
                var position = 0
                while position < bytes.count {
                    // One record from `position`; stop (and keep the rest) when it runs past the buffer before EOF.
                    var field = 0
                    var cursor = position
                    var fields: [String] = []
                    for s in 0..<columns.count { starts[s] = -1; ends[s] = -1; quoted[s] = false }
                    var complete = false
                    var blank = false
                    recordLoop: while true {
                        var start = cursor
                        var end = cursor
                        var isQuoted = false
                        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") {
                            isQuoted = true
                            start = cursor + 1
                            var i = start
                            var closed = false
                            while i < bytes.count {
                                // memchr finds the next quote far faster than a byte loop (long explanation fields).
                                guard let hit = memchr(bytes.baseAddress! + i, 0x22, bytes.count - i) else { i = bytes.count; break }
                                i = bytes.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") { i += 2; continue }
                                if i + 1 == bytes.count, !finished { break }
                                closed = true
                                break
                            }
                            if !closed, !finished { break recordLoop }
                            end = min(i, bytes.count)
                            cursor = min(i + 1, bytes.count)
                        } else {
                            var i = cursor
                            while i < bytes.count, bytes[i] != UInt8(ascii: ","), bytes[i] != 0x0A { i += 1 }
                            end = i
                            cursor = i
                        }
                        // The separator after the field decides what comes next.
                        var last = false
                        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
                            cursor += 1
                        } else if cursor < bytes.count, bytes[cursor] == 0x0A {
                            cursor += 1
                            last = true
                        } else if cursor < bytes.count, bytes[cursor] == 0x0D {
                            // CR of CRLF after a quoted field
                            cursor += 1
                            if cursor < bytes.count, bytes[cursor] == 0x0A { cursor += 1 } else if !finished { break recordLoop }
                            last = true
                        } else {
                            if !finished { break recordLoop }
                            last = true
                        }
                        if !isQuoted, end > start, bytes[end - 1] == 0x0D, last { end -= 1 }
                        if let map = slotOf {
                            if field < map.count, map[field] >= 0 {
                                let s = map[field]
                                starts[s] = start
                                ends[s] = end
                                quoted[s] = isQuoted
                            }
                        } else {
                            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                            fields.append(isQuoted ? text.replacingOccurrences(of: "\"\"", with: "\"") : text)
                        }
                        if last, field == 0, !isQuoted, start == end { blank = true }
                        field += 1
                        if last { complete = true; break recordLoop }
                    }
                    guard complete else { break }
                    if slotOf == nil {
                        slotOf = fields.map { name in columns.firstIndex(of: name) ?? -1 }
                    } else if !blank {
                        try body(Record(bytes: bytes, starts: starts, ends: ends, quoted: quoted))
                    }
                    position = cursor
                }
                consumed = position
            }
            buffer.removeSubrange(0..<consumed)
        }
        return true
    }
}
