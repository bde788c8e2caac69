import Glibc

/// A whole file mapped read-only: its bytes are the page cache's own, with no copy and no zeroed pages to fill (reading
/// a shard's 1.6 GB list into an array cost more in page clearing and copying than in parsing it). Unmapped when the
/// last reference goes; the bytes must not be used after that.
final class MappedFile {
    let bytes: UnsafeRawBufferPointer

    /// Maps `path`; throws `FileBytes.ReadError` when it cannot be opened or mapped. An empty file maps no bytes.
    init(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileBytes.ReadError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileBytes.ReadError(path: path, errno: errno) }
        let size = Int(info.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        // MAP_POPULATE maps every page at once (the whole file is read right after), instead of a fault per page.
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), base != MAP_FAILED else {
            throw FileBytes.ReadError(path: path, errno: errno)
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
