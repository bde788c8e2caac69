import Foundation
import Glibc
import Ingest

/// Reads a bundle XML file as pieces (`XMLBundleLayout`) that several workers parse at once: each piece is a
/// whole document in memory (the file's header, the bytes from one cut to the next, the root's end tag) of
/// about `pieceSize` bytes and at most `maxLines` lines, so that libxml2's 16-bit element lines stay exact
/// within a piece and the file's line is the piece's plus `lineOffset`.
struct XMLBundlePieceReader {
    static let defaultPieceSize = 4 << 20
    /// Lines a piece holds at most (libxml2 stores element lines below 65,535 exactly).
    static let defaultMaxLines = 60_000
    /// A piece may grow to this many times `pieceSize` looking for a cut; past it the rest of the file is read
    /// whole (`Piece.bytes == nil`), so that a file without cuts is never held in memory.
    static let growthLimit = 8

    struct Piece {
        /// The piece's document; nil when the rest of the file cannot be cut into pieces (no cut within the
        /// growth limit, or a read error): the caller reads the file whole from here.
        var bytes: [UInt8]?
        var index: Int
        /// Added to the piece's lines to give the file's.
        var lineOffset: Int
        /// The file's bytes in the piece (without header and trailer).
        var fileBytes: Int
        var isLast: Bool
    }

    let layout: XMLBundleLayout
    private let handle: FileHandle
    private let pieceSize: Int
    private let maxLines: Int
    private var carry: [UInt8] = []
    /// Line feeds in the file before the next piece.
    private var newlinesBefore = 0
    private var index = 0
    private var atEndOfFile = false
    private var done = false

    /// Bytes of the file's start that `XMLBundleLayout` reads (they stay as the first piece's start).
    static let headSize = 64 << 10

    /// A reader for `url` when its head is a bundle `XMLBundleLayout` can cut; nil for any other file (and one
    /// that cannot be opened or read: reading it whole reports that).
    init?(url: URL, pieceSize: Int = defaultPieceSize, maxLines: Int = defaultMaxLines) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        var head: [UInt8] = []
        var ended = false
        while !ended, head.count < Self.headSize {
            guard let got = try? head.appendRead(from: handle.fileDescriptor, upTo: Self.headSize - head.count) else {
                try? handle.close()
                return nil
            }
            ended = got == 0
        }
        guard let layout = XMLBundleLayout(head: head) else {
            try? handle.close()
            return nil
        }
        if ended { try? handle.close() }
        self.handle = handle
        self.layout = layout
        self.pieceSize = max(1, pieceSize)
        self.maxLines = max(1, maxLines)
        carry = head
        atEndOfFile = ended
    }

    /// The next piece, its document in `buffer` (whose capacity is reused), or nil after the last.
    mutating func next(into buffer: inout [UInt8]) -> Piece? {
        guard !done else { return nil }
        buffer.removeAll(keepingCapacity: true)
        if index > 0 { buffer.append(contentsOf: layout.header) }
        let contentStart = buffer.count
        buffer.append(contentsOf: carry)
        carry.removeAll(keepingCapacity: true)
        // The first piece holds the header itself and is cut after it; a later piece after its own first byte.
        let lowest = index == 0 ? layout.header.count : contentStart + 1
        while true {
            do {
                try fill(&buffer, toContent: pieceSize, from: contentStart)
            } catch {
                return giveUp(&buffer)
            }
            let content = buffer.count - contentStart
            let lineLimit = Self.offsetAfter(newlines: maxLines, in: buffer, from: contentStart)
            if atEndOfFile, content <= pieceSize, lineLimit == buffer.count {
                return finish(&buffer, contentStart: contentStart, cut: nil)
            }
            let cut = buffer.withUnsafeBytes { raw in
                layout.lastCut(in: raw, from: lowest, to: min(lineLimit, contentStart + pieceSize))
                    ?? layout.firstCut(in: raw, from: max(lowest, min(lineLimit, contentStart + pieceSize)))
            }
            if let cut { return finish(&buffer, contentStart: contentStart, cut: cut) }
            if atEndOfFile { return finish(&buffer, contentStart: contentStart, cut: nil) }
            if content >= Self.growthLimit * pieceSize { return giveUp(&buffer) }
            do {
                try fill(&buffer, toContent: content + pieceSize, from: contentStart)
            } catch {
                return giveUp(&buffer)
            }
        }
    }

    /// Reads until the content (bytes past `contentStart`) is `target` bytes long or the file ends.
    private mutating func fill(_ buffer: inout [UInt8], toContent target: Int, from contentStart: Int) throws {
        while !atEndOfFile, buffer.count - contentStart < target {
            if try buffer.appendRead(from: handle.fileDescriptor, upTo: target - (buffer.count - contentStart)) == 0 {
                atEndOfFile = true
                try? handle.close()
            }
        }
    }

    /// Ends the piece at `cut` (moving the rest to the next piece and closing the root), or at the file's end.
    private mutating func finish(_ buffer: inout [UInt8], contentStart: Int, cut: Int?) -> Piece {
        let end = cut ?? buffer.count
        if cut != nil {
            carry.append(contentsOf: buffer[end...])
            buffer.removeLast(buffer.count - end)
            buffer.append(contentsOf: layout.trailer)
        } else {
            done = true
        }
        let piece = Piece(bytes: buffer, index: index,
                          lineOffset: newlinesBefore - (index > 0 ? layout.headerNewlines : 0),
                          fileBytes: end - contentStart, isLast: cut == nil)
        newlinesBefore += Self.newlines(in: buffer, from: contentStart, to: end)
        index += 1
        return piece
    }

    private mutating func giveUp(_ buffer: inout [UInt8]) -> Piece {
        done = true
        carry = []
        try? handle.close()
        return Piece(bytes: nil, index: index, lineOffset: 0, fileBytes: 0, isLast: true)
    }

    /// The offset just past the `newlines`-th line feed at or after `start`, or `bytes.count`.
    static func offsetAfter(newlines: Int, in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var cursor = base + start
            let end = base + raw.count
            var seen = 0
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                seen += 1
                cursor = UnsafeRawPointer(found) + 1
                if seen == newlines { return cursor - base }
            }
            return raw.count
        }
    }

    static func newlines(in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var cursor = base + start
            let stop = base + end
            var count = 0
            while cursor < stop, let found = memchr(cursor, 0x0A, stop - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        }
    }
}
