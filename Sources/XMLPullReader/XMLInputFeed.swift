#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Feeds libxml2 through `xmlReaderForIO`.
///
/// - Files are read through a 1 MiB stdio buffer: libxml2 asks for 4 KiB at a time, which would otherwise
///   be one system call each.
/// - Salvage reads hand over at most `step` bytes per call: the text reader parses whatever one read
///   delivered in one push, and when that push hits a fatal error, every node it built is lost. With tiny
///   reads, everything that ended more than `step` bytes before the error is delivered first.
final class XMLInputFeed {
    private enum Origin {
        case memory(UnsafeRawBufferPointer)
        case file(UnsafeMutablePointer<FILE>)
        case closed
    }

    private var origin: Origin
    private var offset = 0
    private let step: Int

    init(memory: UnsafeRawBufferPointer, step: Int) {
        origin = .memory(memory)
        self.step = max(1, step)
    }

    init?(path: String, step: Int) {
        guard let handle = fopen(path, "rb") else { return nil }
        setvbuf(handle, nil, _IOFBF, 1 << 16)
        origin = .file(handle)
        self.step = max(1, step)
    }

    deinit { close() }

    /// Copies at most `min(capacity, step)` bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int32 {
        let wanted = min(capacity, step)
        switch origin {
        case .memory(let bytes):
            let count = min(wanted, bytes.count - offset)
            guard count > 0, let base = bytes.baseAddress else { return 0 }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
            offset += count
            return Int32(count)
        case .file(let handle):
            return Int32(fread(buffer, 1, wanted, handle))
        case .closed:
            return 0
        }
    }

    func close() {
        if case .file(let handle) = origin { fclose(handle) }
        origin = .closed
    }
}
