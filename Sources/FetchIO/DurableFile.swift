#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// POSIX file helpers for the fetch state: whole-file reads, atomic replacement (temporary file, fsync,
/// rename, directory fsync) and directory creation. Errors carry the path and `strerror`.
enum DurableFile {
    struct IOError: Error, CustomStringConvertible {
        var description: String
    }

    static func failure(_ what: String, _ path: String) -> IOError {
        IOError(description: "\(what) \(path): \(String(cString: strerror(errno)))")
    }

    static func makeDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw IOError(description: "cannot create \(url.path): \(error.localizedDescription)")
        }
    }

    /// The whole file, or `nil` if it does not exist.
    static func read(_ url: URL) throws -> [UInt8]? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw failure("cannot open", url.path)
        }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", url.path)
            }
            if n == 0 { break }
            out += chunk[0..<n]
        }
        return out
    }

    /// Writes `bytes` fully to `fd`.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write", path)
            }
            done += n
        }
    }

    /// Replaces `url` with `chunks` atomically and durably: a reader sees the old file or the new one, never a mix.
    static func replace(_ url: URL, chunks: (_ write: ([UInt8]) throws -> Void) throws -> Void) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create", temporary.path) }
        do {
            try chunks { bytes in try bytes.withUnsafeBytes { try writeAll(fd, $0, path: temporary.path) } }
            guard fsync(fd) == 0 else { throw failure("cannot sync", temporary.path) }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure("cannot rename into", url.path)
            unlink(temporary.path)
            throw error
        }
        try syncDirectory(url.deletingLastPathComponent())
    }

    static func replace(_ url: URL, text: String) throws {
        try replace(url) { write in try write(Array(text.utf8)) }
    }

    static func syncDirectory(_ url: URL) throws {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot open", url.path) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("cannot sync", url.path) }
    }
}
