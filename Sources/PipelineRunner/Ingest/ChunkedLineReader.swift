import Foundation
import Glibc

/// Reads a file in large chunks that end on a line boundary, so a JSON Lines bundle of any size
/// streams with flat memory. Each chunk comes with the 1-based number of its first line.
///
/// Given a byte range, it reads one piece of the file: the lines whose first byte lies in the range, numbered as in
/// the whole file. Pieces of adjacent ranges therefore hold every line exactly once, whatever the line lengths.
struct ChunkedLineReader {
    static let defaultChunkSize = 8 << 20

    let handle: FileHandle
    let chunkSize: Int
    private var carry: [UInt8] = []
    private var nextLine = 1
    private var finished = false
    /// File offset of the next byte a read returns.
    private var position = 0
    /// A piece's end: the line holding byte `end - 1` is its last. Nil: read to the end of the file.
    private var end: Int?
    /// Set when the reader reads runs of lines of the file (`init(url:runs:)`) instead of the file or a range of it.
    private var runBytes: LineRunBytes?

    /// `numberedFromRangeStart`: the piece's first line is numbered 1, so the line feeds before the range need not be
    /// counted (a reader of many pieces that counts each piece's lines itself can number them after).
    init(url: URL, chunkSize: Int = defaultChunkSize, byteRange: Range<Int>? = nil, numberedFromRangeStart: Bool = false) throws {
        handle = try FileHandle(forReadingFrom: url)
        self.chunkSize = chunkSize
        guard let byteRange else { return }
        end = byteRange.upperBound
        // The piece starts at the first line that starts in the range; its number is one more than the line feeds
        // before it, counted by reading the file up to there (a memchr pass over the page cache).
        let firstStart = numberedFromRangeStart
            ? try Self.lineStart(atOrAfter: byteRange.lowerBound, descriptor: handle.fileDescriptor, limit: byteRange.upperBound)
                .map { (start: $0, feeds: 0) }
            : try Self.lineStart(atOrAfter: byteRange.lowerBound, descriptor: handle.fileDescriptor)
        guard let first = firstStart, first.start < byteRange.upperBound else {
            finished = true
            try? handle.close()
            return
        }
        try handle.seek(toOffset: UInt64(first.start))
        position = first.start
        nextLine = first.feeds + 1
    }

    /// Reads only `runs` of the file (whole lines, ascending: `DatasetLineRuns`), as if they were the whole file: lines
    /// are numbered from 1 through the runs. No runs: no lines. A missing file that runs name bytes of is refused.
    init(url: URL, runs: ArraySlice<Range<Int>>, chunkSize: Int = defaultChunkSize) throws {
        if let run = runs.first, !FileManager.default.fileExists(atPath: url.path) {
            throw LineRunBytes.RunError(message: "\(url.lastPathComponent): missing, but the runs name its bytes \(run.lowerBound)..<\(run.upperBound)")
        }
        handle = try FileHandle(forReadingFrom: url)
        self.chunkSize = chunkSize
        var info = stat()
        guard fstat(handle.fileDescriptor, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        runBytes = try LineRunBytes(descriptor: handle.fileDescriptor, size: Int(info.st_size), name: url.lastPathComponent,
                                    runs: runs)
    }

    /// The first offset ≥ `offset` where a line starts (0, or just after a line feed), with the line feeds before it;
    /// nil when no line starts there (the file ends first).
    static func lineStart(atOrAfter offset: Int, descriptor: Int32) throws -> (start: Int, feeds: Int)? {
        guard let start = try lineStart(atOrAfter: offset, descriptor: descriptor, limit: .max) else { return nil }
        return (start, try newlines(before: start, descriptor: descriptor))
    }

    /// The line feeds in the file's first `count` bytes (a memchr pass over the page cache).
    static func newlines(before count: Int, descriptor: Int32) throws -> Int {
        var block: [UInt8] = []
        var at = 0, feeds = 0
        while at < count {
            block.removeAll(keepingCapacity: true)
            let got = try block.appendRead(from: descriptor, upTo: min(defaultChunkSize, count - at), at: at)
            guard got > 0 else { break }
            feeds += newlines(in: block)
            at += got
        }
        return feeds
    }

    /// The first offset ≥ `offset` where a line starts, found by reading from `offset - 1` on (no line feeds counted);
    /// nil when none starts before `limit` or the file ends first.
    static func lineStart(atOrAfter offset: Int, descriptor: Int32, limit: Int) throws -> Int? {
        guard offset > 0 else { return 0 }
        var block: [UInt8] = []
        var at = offset - 1
        while at < limit {
            block.removeAll(keepingCapacity: true)
            let got = try block.appendRead(from: descriptor, upTo: 1 << 16, at: at)
            guard got > 0 else { return nil }
            let hit = block.withUnsafeBytes { raw in memchr(raw.baseAddress!, 0x0A, raw.count).map { UnsafeRawPointer($0) - raw.baseAddress! } }
            if let hit { return at + hit + 1 }
            at += got
        }
        return nil
    }

    /// The next chunk in a buffer of its own (`next(into:)`), or nil at the end.
    mutating func next() throws -> (bytes: [UInt8], firstLine: Int)? {
        var buffer: [UInt8] = []
        guard let firstLine = try next(into: &buffer) else { return nil }
        return (buffer, firstLine)
    }

    /// The next chunk of whole lines (the last one may lack a final newline) in place of the contents of `buffer`,
    /// whose capacity is reused, read straight into it: no `Data` per read and no copy of the whole chunk out of the
    /// carry (those copies, and fresh pages for every 8 MiB chunk, were ~9 % of a JSON Lines convert, under the work
    /// queue's lock). Returns the number of the chunk's first line, or nil at the end.
    mutating func next(into buffer: inout [UInt8]) throws -> Int? {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: carry)
        carry.removeAll(keepingCapacity: true)
        while !finished {
            let start = buffer.count
            let got: Int
            do {
                got = runBytes != nil ? try runBytes!.append(to: &buffer, upTo: chunkSize)
                    : try buffer.appendRead(from: handle.fileDescriptor, upTo: chunkSize)
            } catch {
                buffer.removeAll(keepingCapacity: true)
                throw error
            }
            if got == 0 {
                finished = true
                try? handle.close()
                break
            }
            position += got
            // A piece ends with the line holding byte end - 1: the first line feed at or after it (only the new
            // bytes can hold it: an earlier one would have ended the piece on an earlier read).
            if let end, position >= end {
                let from = max(start, end - 1 - (position - buffer.count))
                let cut = buffer.withUnsafeBytes { raw -> Int? in
                    guard from < raw.count, let hit = memchr(raw.baseAddress! + from, 0x0A, raw.count - from) else { return nil }
                    return UnsafeRawPointer(hit) - raw.baseAddress! + 1
                }
                if let cut {
                    buffer.removeLast(buffer.count - cut)
                    finished = true
                    try? handle.close()
                    return emit(buffer).firstLine
                }
            }
            // Only the new bytes can hold the chunk's last newline: searching the carry again on every read made one
            // long line cost quadratic time.
            let lastLineEnd = buffer.withUnsafeBytes { raw -> Int? in
                var i = raw.count
                while i > start {
                    i -= 1
                    if raw[i] == 0x0A { return i + 1 }
                }
                return nil
            }
            guard let lastLineEnd else { continue }
            carry.append(contentsOf: buffer[lastLineEnd...])
            buffer.removeLast(buffer.count - lastLineEnd)
            return emit(buffer).firstLine
        }
        guard !buffer.isEmpty else { return nil }
        return emit(buffer).firstLine
    }

    private mutating func emit(_ chunk: [UInt8]) -> (bytes: [UInt8], firstLine: Int) {
        let first = nextLine
        nextLine += Self.newlines(in: chunk)
        return (chunk, first)
    }

    /// Line feeds in `bytes`, found with `memchr` (a byte-by-byte count was 4 % of a Dota convert's CPU).
    static func newlines(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { newlines(in: $0) }
    }

    static func newlines(in raw: UnsafeRawBufferPointer) -> Int {
        guard var cursor = raw.baseAddress else { return 0 }
        let end = cursor + raw.count
        var count = 0
        while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
            count += 1
            cursor = UnsafeRawPointer(found) + 1
        }
        return count
    }
}
