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

        /// A record over fields already located in `bytes` (`starts[i] < 0`: column missing), for tallying rows as they
        /// are rendered (`PairingReportTally`) with the same per-record code as a scan of the written file.
        init(bytes: UnsafeBufferPointer<UInt8>, starts: [Int], ends: [Int], quoted: [Bool]) {
            self.bytes = bytes
            self.starts = starts
            self.ends = ends
            self.quoted = quoted
        }

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
    static func scan(_ url: URL, columns: [String], chunkSize: Int = CSVTableScanner.chunkSize, _ body: (Record) throws -> Void) throws -> Bool {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var parser = RegionParser(fd: fd, columns: columns.count, chunkSize: chunkSize)
        guard let slotOf = try parser.header(columns: columns) else { return true }
        _ = try parser.parse(from: parser.headerEnd, stop: Int.max, slotOf: slotOf, body)
        return true
    }

    /// Scans `url` in `workers` byte ranges at once, each with its own `State` from `initial`, and returns the
    /// states in file order (merge them in that order and the result is the sequential scan's). Nil when the file
    /// does not exist.
    ///
    /// A range starts speculatively after the first line break at or past its offset. That is a record start
    /// unless the break sits inside a quoted field, so each range's parser runs on to the first record that
    /// starts at or past the next range's start: when that is exactly where the next range began, the next range
    /// was aligned; when not, every range from there on is discarded and the rest is scanned sequentially from
    /// the true record boundary. The records seen are always exactly the sequential scan's.
    static func scanInParallel<State>(_ url: URL, columns: [String], workers: Int, chunkSize: Int = CSVTableScanner.chunkSize,
                                      initial: () -> State,
                                      _ body: @escaping @Sendable (inout State, Record) -> Void) throws -> [State]? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var headerParser = RegionParser(fd: fd, columns: columns.count, chunkSize: chunkSize)
        guard let slotOf = try headerParser.header(columns: columns) else { return [] }
        let size = Int(lseek(fd, 0, SEEK_END))
        let first = headerParser.headerEnd
        // Ranges smaller than a few chunks are not worth a thread.
        let count = max(1, min(workers, (size - first) / max(1, 2 * chunkSize)))
        var starts = [first]
        for k in 1..<max(1, count) {
            let offset = first + (size - first) / count * k
            starts.append(max(starts[k - 1], try nextLineStart(fd: fd, at: offset, size: size)))
        }
        starts.append(size)
        let rangeStarts = starts
        let box = ParallelScanResults<State>(count: count, initial: initial)
        let failure = ParallelScanFailure()
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let parser = RegionParser(fd: fd, columns: columns.count, chunkSize: chunkSize)
            do {
                box.stops[k] = try parser.parse(from: rangeStarts[k], stop: rangeStarts[k + 1], slotOf: slotOf) { body(&box.states[k], $0) }
            } catch {
                failure.record(error)
            }
        }
        if let error = failure.error { throw error }
        var states: [State] = []
        for k in 0..<count {
            states.append(box.states[k])
            if box.stops[k] != starts[k + 1] {
                // Range k + 1 began inside a quoted field: scan the rest in order from the true boundary.
                var state = initial()
                let parser = RegionParser(fd: fd, columns: columns.count, chunkSize: chunkSize)
                _ = try parser.parse(from: box.stops[k], stop: Int.max, slotOf: slotOf) { body(&state, $0) }
                states.append(state)
                break
            }
        }
        return states
    }

    /// The offset just after the first line feed at or after `offset - 1` (the end of the file when there is none).
    private static func nextLineStart(fd: Int32, at offset: Int, size: Int) throws -> Int {
        var position = max(0, offset - 1)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while position < size {
            let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(position)) }
            guard read > 0 else { throw CSVScanError.readFailed(errno) }
            if let i = buffer[0..<read].firstIndex(of: 0x0A) { return position + i + 1 }
            position += read
        }
        return size
    }

    enum CSVScanError: Error { case readFailed(Int32) }

    /// Reads records from a file descriptor with `pread`, from a given offset to the first record starting at or
    /// past a stop offset (or the end of the file). Several parsers may share one descriptor.
    private struct RegionParser {
        let fd: Int32
        let columns: Int
        let chunkSize: Int
        private(set) var headerEnd = 0

        init(fd: Int32, columns: Int, chunkSize: Int) {
            self.fd = fd
            self.columns = columns
            self.chunkSize = chunkSize
        }

        /// Reads the header record and maps file columns to requested slots; nil for an empty file.
        mutating func header(columns names: [String]) throws -> [Int]? {
            var fields: [String]? = nil
            headerEnd = try parse(from: 0, stop: 1, slotOf: nil, headerFields: &fields) { _ in }
            return fields.map { $0.map { name in names.firstIndex(of: name) ?? -1 } }
        }

        func parse(from offset: Int, stop: Int, slotOf: [Int], _ body: (Record) throws -> Void) throws -> Int {
            var unused: [String]? = nil
            return try parse(from: offset, stop: stop, slotOf: slotOf, headerFields: &unused, body)
        }

        /// Parses records from `offset`; a record that starts before `stop` is handed to `body` even when it ends
        /// past it. With `slotOf` nil the first record is the header (its fields go to `headerFields`). Returns the
        /// offset of the first record not parsed.
        private func parse(from offset: Int, stop: Int, slotOf initialSlots: [Int]?, headerFields: inout [String]?,
                           _ body: (Record) throws -> Void) throws -> Int {
            var slotOf = initialSlots
            var buffer: [UInt8] = []
            var bufferOffset = offset
            var readOffset = offset
            var finished = false
            var starts = Array(repeating: -1, count: columns)
            var ends = Array(repeating: -1, count: columns)
            var quoted = Array(repeating: false, count: columns)
            while true {
                if bufferOffset >= stop { return bufferOffset }
                let read: Int
                do { read = try buffer.appendRead(from: fd, upTo: chunkSize, at: readOffset) } catch let error as POSIXError {
                    throw CSVScanError.readFailed(error.code.rawValue)
                }
                if read == 0 { finished = true } else { readOffset += read }
                var consumed = 0
                var reachedStop = false
                try buffer.withUnsafeBufferPointer { bytes in
                    var position = 0
                    while position < bytes.count {
                        if bufferOffset + position >= stop { reachedStop = true; break }
                        // One record from `position`; stop (and keep the rest) when it runs past the buffer before EOF.
                        var field = 0
                        var cursor = position
                        var fields: [String] = []
                        for s in 0..<columns { starts[s] = -1; ends[s] = -1; quoted[s] = false }
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
                            headerFields = fields
                            slotOf = []
                        } else if !blank {
                            try body(Record(bytes: bytes, starts: starts, ends: ends, quoted: quoted))
                        }
                        position = cursor
                    }
                    consumed = position
                }
                if reachedStop || (finished && consumed == buffer.count) { return bufferOffset + consumed }
                if finished { return bufferOffset + buffer.count }
                buffer.removeSubrange(0..<consumed)
                bufferOffset += consumed
            }
        }
    }
}

/// Per-range states and stop offsets of `CSVTableScanner.scanInParallel`, in fixed storage: each range's worker
/// touches only its own slots.
private final class ParallelScanResults<State>: @unchecked Sendable {
    let states: UnsafeMutablePointer<State>
    let stops: UnsafeMutablePointer<Int>
    let count: Int

    init(count: Int, initial: () -> State) {
        self.count = count
        states = .allocate(capacity: count)
        stops = .allocate(capacity: count)
        for k in 0..<count { (states + k).initialize(to: initial()); stops[k] = 0 }
    }

    deinit {
        states.deinitialize(count: count)
        states.deallocate()
        stops.deallocate()
    }
}

/// The first error a parallel scan's workers met.
private final class ParallelScanFailure: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var error: (any Error)?

    func record(_ error: any Error) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }
}
