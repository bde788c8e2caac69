import Glibc

/// A whole file read straight into a byte array: the kernel copies it into the array once, where `Data(contentsOf:)`
/// then `Array(data)` copied it twice and held both copies at once (3.2 GB for a 1.6 GB shard list at 1M players).
enum FileBytes {
    struct ReadError: Error, CustomStringConvertible {
        var path: String
        var errno: Int32
        var description: String { "cannot read \(path): \(String(cString: strerror(errno)))" }
    }

    /// The file's bytes; throws when it cannot be opened or read.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(path: path, errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(path: path, errno: errno) }
        var failure: Int32 = 0
        // The size at open; a file that grows meanwhile is read to that size, one that shrinks to its new end.
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, Int(info.st_size))) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno; break }
                if got == 0 { break }
                count += got
            }
        }
        if failure != 0 { throw ReadError(path: path, errno: failure) }
        return bytes
    }
}
