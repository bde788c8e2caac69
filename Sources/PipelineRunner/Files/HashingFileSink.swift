import CDirectIO
import Foundation
import Glibc
import PipelineCore

/// An output file being written: every byte goes to disk and through SHA-256 in the same pass, so the
/// manifest's checksum needs no second read and the file's bytes are never held whole.
///
/// Output bypasses the page cache: the file is opened with `O_DIRECT` and written in whole aligned blocks of
/// `directBlockBytes` from an aligned buffer; the last partial block goes out after `O_DIRECT` is cleared. The
/// kernel then copies nothing into its cache (the copy was the largest single cost of writing tens of GB; README,
/// *Direct I/O for the outputs*), and a night's output does not evict everything else from memory. A filesystem
/// without direct I/O (`open` or a write fails with `EINVAL`, as on tmpfs before Linux 6.6) gets buffered writes,
/// as does `STEAM_MATE_DIRECT_IO=off`. A direct write returns only when the device has the block, so full blocks
/// go to a `BackgroundBlockWriter` while the next one is hashed and filled (two aligned blocks in turn). Used by
/// one thread at a time (the streaming writer gives each format its own sink).
final class HashingFileSink: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private var hasher = SHA256()
    private(set) var byteCount = 0
    /// The aligned block being filled (nil when the file was opened for buffered writes).
    private var block: UnsafeMutableRawPointer?
    /// The other aligned block, which `writer` may be writing while `block` fills.
    private var spare: UnsafeMutableRawPointer?
    /// Writes full blocks beside the hashing (direct mode only).
    private let writer: BackgroundBlockWriter?
    private var blockFill = 0
    /// Bytes per direct write (`directBlockBytes`; tests use a size no device accepts, to take the fallback).
    private let blockBytes: Int

    /// Bytes per direct write: a multiple of every logical block size (512, 4096), and big requests for the device.
    static let directBlockBytes = 4 << 20
    /// Buffer address alignment for `O_DIRECT` (a page: enough for any logical block size).
    private static let alignment = 4096

    /// Direct I/O unless the environment says `STEAM_MATE_DIRECT_IO=off` (or `0`, `false`, `no`).
    static let directIOEnabled = directIO(environmentValue: getenv("STEAM_MATE_DIRECT_IO").map { String(cString: $0) })

    static func directIO(environmentValue value: String?) -> Bool {
        guard let value else { return true }
        return !["off", "0", "false", "no"].contains(value.lowercased())
    }

    init(url: URL, directIO: Bool = HashingFileSink.directIOEnabled, blockBytes: Int = HashingFileSink.directBlockBytes) throws {
        path = url.path
        self.blockBytes = max(1, blockBytes)
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        var fd: Int32 = -1
        var buffer: UnsafeMutableRawPointer?, second: UnsafeMutableRawPointer?
        if directIO, cdirectio_open_flag() != 0, posix_memalign(&buffer, Self.alignment, self.blockBytes) == 0 {
            if posix_memalign(&second, Self.alignment, self.blockBytes) == 0 {
                fd = open(url.path, flags | cdirectio_open_flag(), 0o644)
            }
            if fd < 0 {
                free(buffer)
                free(second)
                buffer = nil
                second = nil
            }
        }
        if fd < 0 { fd = open(url.path, flags, 0o644) }
        guard fd >= 0 else {
            throw AtomicPublisher.PublishError(description: "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        block = buffer
        spare = second
        let path = url.path
        writer = buffer == nil ? nil : BackgroundBlockWriter { start, count in
            try Self.writeAll(fd, path: path, start, count)
        }
    }

    deinit {
        try? writer?.wait()  // no block may be in flight when the blocks are freed
        writer?.stop()
        if descriptor >= 0 { close(descriptor) }
        free(block)
        free(spare)
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, !raw.isEmpty else { return }
            hasher.update(raw)
            guard let writer else {
                try Self.writeAll(descriptor, path: path, UnsafeRawPointer(base), raw.count)
                return
            }
            var from = 0
            while from < raw.count, let current = block {
                let take = min(raw.count - from, blockBytes - blockFill)
                (current + blockFill).copyMemory(from: base + from, byteCount: take)
                blockFill += take
                from += take
                if blockFill == blockBytes {
                    // The full block goes to the writer thread; the spare one, written by the time `submit`
                    // returns, fills next.
                    try writer.submit(UnsafeRawPointer(current), blockFill)
                    swap(&block, &spare)
                    blockFill = 0
                }
            }
        }
        byteCount += bytes.count
    }

    /// Writes what is still buffered and returns the file's checksum (call once, after the last write).
    func finish() throws -> String {
        try writer?.wait()
        if let block, blockFill > 0 {
            Self.leaveDirectMode(descriptor)  // the tail is not a whole block
            try Self.writeAll(descriptor, path: path, UnsafeRawPointer(block), blockFill)
            blockFill = 0
        }
        return hasher.finalizeHex()
    }

    /// Whether the descriptor still has `O_DIRECT` set.
    var isDirect: Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && flags & cdirectio_open_flag() != 0
    }

    private static func writeAll(_ descriptor: Int32, path: String, _ start: UnsafeRawPointer, _ count: Int) throws {
        var offset = 0
        while offset < count {
            let written = Glibc.write(descriptor, start + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                // The filesystem took the O_DIRECT open but not the write, or a short write left the file offset
                // unaligned: the rest goes through the page cache.
                if errno == EINVAL && leaveDirectMode(descriptor) { continue }
                throw AtomicPublisher.PublishError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Clears `O_DIRECT`; false when it was not set.
    @discardableResult
    private static func leaveDirectMode(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, flags & cdirectio_open_flag() != 0 else { return false }
        return fcntl(descriptor, F_SETFL, flags & ~cdirectio_open_flag()) == 0
    }
}
