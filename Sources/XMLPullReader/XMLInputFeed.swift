#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input, handed to libxml2's push parser a chunk at a time: slices of a buffer in
/// memory, or reads of a file into a reused buffer.
final class XMLInputFeed {
    private enum Origin {
        case memory(UnsafeRawBufferPointer)
        case file(UnsafeMutablePointer<FILE>)
        case closed
    }

    /// Bytes per push: enough to make a push's fixed cost negligible, small enough that a batch's events stay
    /// in cache.
    static let chunkSize = 1 << 16

    private var origin: Origin
    private var offset = 0
    private var buffer: UnsafeMutableRawPointer?

    init(memory: UnsafeRawBufferPointer) {
        origin = .memory(memory)
    }

    init?(path: String) {
        guard let handle = fopen(path, "rb") else { return nil }
        origin = .file(handle)
        buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
    }

    deinit {
        close()
        buffer?.deallocate()
    }

    /// The next bytes, at most `maximum`; empty at the end (valid until the next call).
    func next(maximum: Int = chunkSize) -> UnsafeRawBufferPointer {
        switch origin {
        case .memory(let bytes):
            let count = min(maximum, bytes.count - offset)
            guard count > 0, let base = bytes.baseAddress else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            defer { offset += count }
            return UnsafeRawBufferPointer(start: base + offset, count: count)
        case .file(let handle):
            guard let buffer else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            let count = fread(buffer, 1, min(maximum, Self.chunkSize), handle)
            return UnsafeRawBufferPointer(start: buffer, count: count)
        case .closed:
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
    }

    func close() {
        if case .file(let handle) = origin { fclose(handle) }
        origin = .closed
    }
}
