import Foundation

/// Writes blocks on a thread of its own, one at a time, so that the caller hashes and fills its next block while
/// the device takes the last one. A direct (`O_DIRECT`) write returns only when the device has the data, about 4 ms
/// per 4 MiB block here, and a sink that waited for each one left its core idle for that long (README, *Writes
/// beside hashing*).
///
/// `submit` hands over a block and returns at once unless the previous block is still being written; the block
/// must stay untouched until the next `submit` or `wait` returns. The first error of a write is thrown by the next
/// `submit` or `wait`; blocks handed over after it are not written.
final class BackgroundBlockWriter: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: (start: UnsafeRawPointer, count: Int)?
    private var busy = false
    private var stopping = false
    private var failure: (any Error)?
    private let writeBlock: (UnsafeRawPointer, Int) throws -> Void

    /// `write` runs on the writer thread, never on two blocks at once. The thread keeps this object (and so
    /// `write` and what it captures) until `stop`, so `write` must not capture the owner of this object.
    init(write: @escaping (UnsafeRawPointer, Int) throws -> Void) {
        writeBlock = write
        let thread = Thread { [self] in run() }
        thread.name = "steam-mate block writer"
        thread.start()
    }

    /// Hands `count` bytes at `start` to the writer thread, after the previous block has been written.
    func submit(_ start: UnsafeRawPointer, _ count: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while busy { condition.wait() }
        if let failure { throw failure }
        pending = (start, count)
        busy = true
        condition.broadcast()
    }

    /// Returns when no block is being written; throws the first write error, if any.
    func wait() throws {
        condition.lock()
        defer { condition.unlock() }
        while busy { condition.wait() }
        if let failure { throw failure }
    }

    /// Lets the writer thread end once the block in hand, if any, is written. Call once, last.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            while pending == nil && !stopping { condition.wait() }
            guard let block = pending else { break }
            pending = nil
            let failed = failure != nil
            condition.unlock()
            var error: (any Error)?
            if !failed {
                do { try writeBlock(block.start, block.count) } catch let e { error = e }
            }
            condition.lock()
            if let error, failure == nil { failure = error }
            busy = false
            condition.broadcast()
        }
        condition.unlock()
    }
}
