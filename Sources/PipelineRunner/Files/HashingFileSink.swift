import Foundation
import Glibc
import PipelineCore

/// An output file being written: every byte goes to disk and through SHA-256 in the same pass, so the
/// manifest's checksum needs no second read and the file's bytes are never held whole.
/// Used by one thread at a time (the streaming writer gives each format its own sink).
final class HashingFileSink: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private var hasher = SHA256()
    private(set) var byteCount = 0

    init(url: URL) throws {
        path = url.path
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AtomicPublisher.PublishError(description: "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            hasher.update(raw)
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw AtomicPublisher.PublishError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
        byteCount += bytes.count
    }

    /// The file's checksum (call once, after the last write).
    func finish() -> String { hasher.finalizeHex() }
}
