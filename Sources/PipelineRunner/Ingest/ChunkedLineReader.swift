import Foundation

/// Reads a file in large chunks that end on a line boundary, so a JSON Lines bundle of any size
/// streams with flat memory. Each chunk comes with the 1-based number of its first line.
struct ChunkedLineReader {
    static let defaultChunkSize = 8 << 20

    let handle: FileHandle
    let chunkSize: Int
    private var carry: [UInt8] = []
    private var nextLine = 1
    private var finished = false

    init(url: URL, chunkSize: Int = defaultChunkSize) throws {
        handle = try FileHandle(forReadingFrom: url)
        self.chunkSize = chunkSize
    }

    /// The next chunk of whole lines (the last one may lack a final newline), or nil at the end.
    mutating func next() throws -> (bytes: [UInt8], firstLine: Int)? {
        while !finished {
            let data = try handle.read(upToCount: chunkSize) ?? Data()
            if data.isEmpty {
                finished = true
                try? handle.close()
                guard !carry.isEmpty else { return nil }
                let chunk = carry
                carry = []
                return emit(chunk)
            }
            // Only the new bytes can hold the chunk's last newline: searching (and copying) the carry again on
            // every read made one long line cost quadratic time.
            let searchFrom = carry.count
            carry.append(contentsOf: data)
            guard let lastNewline = carry[searchFrom...].lastIndex(of: 0x0A) else { continue }
            let chunk = Array(carry[...lastNewline])
            carry.removeSubrange(...lastNewline)
            return emit(chunk)
        }
        return nil
    }

    private mutating func emit(_ chunk: [UInt8]) -> (bytes: [UInt8], firstLine: Int) {
        let first = nextLine
        nextLine += Self.newlines(in: chunk)
        return (chunk, first)
    }

    /// Line feeds in `bytes`, found with `memchr` (a byte-by-byte count was 4 % of a Dota convert's CPU).
    static func newlines(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
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
}
