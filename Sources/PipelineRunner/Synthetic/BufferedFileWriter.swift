import Foundation

/// Appends text to a file through a large in-memory buffer (one `write` per few MB).
final class BufferedFileWriter {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let flushThreshold: Int
    private(set) var bytesWritten = 0

    init(path: String, bufferSize: Int = 4 << 20) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw SyntheticWriteError.cannotCreate(path)
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        flushThreshold = bufferSize
        buffer.reserveCapacity(bufferSize + 64 << 10)
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        bytesWritten += text.utf8.count
        if buffer.count >= flushThreshold { try flush() }
    }

    func write(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        bytesWritten += bytes.count
        if buffer.count >= flushThreshold { try flush() }
    }

    func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        try handle.close()
    }
}
