#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Fetch
import Foundation

/// The append-only journal file (`.fetch/journal.jsonl`). Opening replays it into a `JournalState`; a
/// torn last line (a run killed mid-write) is cut off so it is never read as data, and a line that is not
/// a whole record is skipped and counted. Every append is one `write` of whole lines, so a killed process
/// (SIGKILL included) loses at most the calls in flight. `fsync` is a group commit: with the first append
/// `syncInterval` or more after the previous one, and always before the bundles are published, so a power
/// cut loses at most the last interval's answers (which the next run fetches again).
actor FetchJournal {
    let url: URL
    private var fd: Int32
    private var size: Int64
    private(set) var state: JournalState
    /// Bytes of a torn tail removed on open.
    let tornBytesDropped: Int
    /// Whole lines that could not be read as records (skipped).
    let unreadableLines: Int
    /// Longest time between an append and its `fsync`.
    static let syncInterval: Duration = .milliseconds(100)
    private var lastSync = ContinuousClock.now
    private var unsynced = false

    init(url: URL) throws {
        self.url = url
        let handle = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard handle >= 0 else { throw DurableFile.failure("cannot open", url.path) }
        var state = JournalState()
        var unreadable = 0
        // Replayed in 8 MiB chunks, so a journal of any size is read in bounded memory.
        var pending: [UInt8] = []
        var pendingOffset: Int64 = 0
        var chunk = [UInt8](repeating: 0, count: 8 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(handle, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = DurableFile.failure("cannot read", url.path)
                close(handle)
                throw error
            }
            if n == 0 { break }
            pending += chunk[0..<n]
            var start = 0
            pending.withUnsafeBytes { raw in
                while let newline = raw[start...].firstIndex(of: 0x0A) {
                    let line = UnsafeRawBufferPointer(rebasing: raw[start..<newline])
                    if let record = JournalRecord.parse(line) {
                        state.apply(record, lineRange: (pendingOffset + Int64(start))..<(pendingOffset + Int64(newline + 1)))
                    } else if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                        unreadable += 1
                    }
                    start = newline + 1
                }
            }
            pending.removeFirst(start)
            pendingOffset += Int64(start)
        }
        // Whatever follows the last newline is a torn write: cut it off before appending.
        if !pending.isEmpty {
            guard ftruncate(handle, off_t(pendingOffset)) == 0, fsync(handle) == 0 else {
                let error = DurableFile.failure("cannot truncate", url.path)
                close(handle)
                throw error
            }
        }
        lseek(handle, off_t(pendingOffset), SEEK_SET)
        self.fd = handle
        self.size = pendingOffset
        self.state = state
        self.tornBytesDropped = pending.count
        self.unreadableLines = unreadable
    }

    /// Appends the records (one `write` of whole lines) and applies them to the state.
    func append(_ records: [JournalRecord]) throws {
        var bytes: [UInt8] = []
        var ranges: [Range<Int64>] = []
        for record in records {
            let line = record.line()
            let start = size + Int64(bytes.count)
            bytes += line
            ranges.append(start..<(start + Int64(line.count)))
        }
        try bytes.withUnsafeBytes { try DurableFile.writeAll(fd, $0, path: url.path) }
        size += Int64(bytes.count)
        for (record, range) in zip(records, ranges) { state.apply(record, lineRange: range) }
        unsynced = true
        if ContinuousClock.now - lastSync >= Self.syncInterval { try sync() }
    }

    /// Makes every append so far durable.
    func sync() throws {
        guard unsynced else { return }
        guard fsync(fd) == 0 else { throw DurableFile.failure("cannot sync", url.path) }
        unsynced = false
        lastSync = .now
    }

    /// The line at `range` (an answer recorded earlier), read back from the file.
    func line(at range: Range<Int64>) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(range.count))
        let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(range.lowerBound)) }
        guard n == out.count else { throw DurableFile.failure("cannot read back", url.path) }
        return out
    }

    /// Replaces `url` with the envelopes of `answers` (newest answer per key, in key order), streamed from the journal.
    func publish(_ answers: [(key: CacheKey, line: Range<Int64>)], to bundle: URL) throws {
        try sync()
        try DurableFile.replace(bundle) { write in
            for answer in answers {
                let line = try line(at: answer.line)
                guard let record = line.withUnsafeBytes({ JournalRecord.parse(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }),
                      case .envelope(let envelope, _) = record.result else {
                    throw DurableFile.IOError(description: "the journal \(url.path) changed under the run at \(answer.key)")
                }
                try write(envelope + [0x0A])
            }
        }
    }

    /// Rewrites the journal with only what it still needs (the newest answer per key and the newest
    /// failure with its attempt total), atomically, when superseded lines outnumber the live ones.
    func compactIfWorthIt() throws {
        try sync()
        guard state.lines > 2 * max(state.liveLines, 1) else { return }
        var fresh = JournalState()
        var offset: Int64 = 0
        var pending: [([UInt8], JournalRecord)] = []
        for key in state.entries.keys.sorted() {
            let entry = state.entries[key]!
            if let range = entry.answerLine {
                let line = try line(at: range)
                if let record = line.withUnsafeBytes({ JournalRecord.parse(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }) {
                    pending.append((line, record))
                }
            }
            if let failure = entry.failure {
                let record = JournalRecord(key: key, at: entry.answeredAt ?? 0, attempts: entry.failedAttempts, result: .failure(failure))
                pending.append((record.line(), record))
            }
        }
        try DurableFile.replace(url) { write in
            for (line, record) in pending {
                try write(line)
                fresh.apply(record, lineRange: offset..<(offset + Int64(line.count)))
                offset += Int64(line.count)
            }
        }
        close(fd)
        fd = open(url.path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw DurableFile.failure("cannot reopen", url.path) }
        size = offset
        lseek(fd, off_t(offset), SEEK_SET)
        state = fresh
    }

    func closeFile() {
        try? sync()
        if fd >= 0 { close(fd) }
        fd = -1
    }
}
