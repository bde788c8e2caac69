import Foundation
import Glibc

/// The bytes of runs of whole lines of an open file (`DatasetLineRuns`), handed out one run after the other as if
/// they were one file. A shard's runs at 1M players are about a million short ones per table, so runs near each other
/// are copied out of one `pread` of a window (not a read each); a run's part of a window's size or more is read
/// straight into the caller's buffer. Each run must start at the file's start or just after a line feed, and end just
/// after one or at the file's end: checked on the bytes as they are read.
struct LineRunBytes {
    static let windowSize = 1 << 20

    let descriptor: Int32
    let size: Int
    /// The file as errors name it.
    let name: String
    private var runs: ArraySlice<Range<Int>>
    /// The next byte of `runs.first` to hand out.
    private var at: Int
    private var window: [UInt8] = []
    private var windowStart = 0

    /// The file behind `descriptor` is `size` bytes long; a run ending past it is refused at once.
    init(descriptor: Int32, size: Int, name: String, runs: ArraySlice<Range<Int>>) throws {
        self.descriptor = descriptor
        self.size = size
        self.name = name
        self.runs = runs
        at = runs.first?.lowerBound ?? 0
        if let past = runs.first(where: { $0.upperBound > size }) {
            throw RunError(message: "\(name): the run \(past.lowerBound)..<\(past.upperBound) ends past the file's \(size) bytes")
        }
    }

    struct RunError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Appends at most `count` more bytes of the runs to `buffer`; returns how many (0 when every run is out).
    mutating func append(to buffer: inout [UInt8], upTo count: Int) throws -> Int {
        var appended = 0
        while appended < count, let run = runs.first {
            if at == run.lowerBound, run.lowerBound > 0, try byte(at: run.lowerBound - 1) != 0x0A {
                throw RunError(message: "\(name): the run \(run.lowerBound)..<\(run.upperBound) does not start at a line")
            }
            let want = min(run.upperBound - at, count - appended)
            let windowEnd = windowStart + window.count
            if want >= Self.windowSize, !(windowStart..<windowEnd).contains(at) {
                let got = try buffer.appendRead(from: descriptor, upTo: want, at: at)
                guard got > 0 else { throw shortFile(run) }
                at += got
                appended += got
            } else {
                if !(windowStart..<windowEnd).contains(at) { try fill(from: at) }
                let n = min(want, windowStart + window.count - at)
                guard n > 0 else { throw shortFile(run) }
                buffer.append(contentsOf: window[(at - windowStart)..<(at - windowStart + n)])
                at += n
                appended += n
            }
            if at == run.upperBound {
                if run.upperBound < size, buffer.last != 0x0A {
                    throw RunError(message: "\(name): the run \(run.lowerBound)..<\(run.upperBound) does not end at a line's end")
                }
                runs.removeFirst()
                at = runs.first?.lowerBound ?? 0
            }
        }
        return appended
    }

    /// The file's byte at `offset`, from the window (read from `offset` on when it does not hold it).
    private mutating func byte(at offset: Int) throws -> UInt8 {
        if !(windowStart..<(windowStart + window.count)).contains(offset) { try fill(from: offset) }
        guard offset - windowStart < window.count else {
            throw RunError(message: "\(name): the file ended at byte \(windowStart + window.count), before the runs did")
        }
        return window[offset - windowStart]
    }

    private mutating func fill(from offset: Int) throws {
        window.removeAll(keepingCapacity: true)
        windowStart = offset
        _ = try window.appendRead(from: descriptor, upTo: Self.windowSize, at: offset)
    }

    private func shortFile(_ run: Range<Int>) -> RunError {
        RunError(message: "\(name): the file ended before the run \(run.lowerBound)..<\(run.upperBound) did (it was \(size) bytes)")
    }
}
