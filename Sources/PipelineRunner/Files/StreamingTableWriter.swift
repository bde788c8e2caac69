import Dispatch
import Emit
import Foundation
import PipelineCore

/// Writes streamed tables into a directory: chunk by chunk, each chunk's rows rendered into every format
/// in parallel, each file hashed while it is written. Only one chunk of rows and its rendered bytes are
/// alive at a time, so memory does not grow with the size of the text written. The bytes equal
/// `TableFiles.render` of the whole table.
enum StreamingTableWriter {
    /// Writes `<name>.<ext>` for every format and returns their manifest entries (with row counts).
    static func write(_ table: StreamedTable, formats: [TableFormat], into directory: URL) throws -> [RunManifest.Entry] {
        let sinks = try formats.map { format in
            let url = directory.appendingPathComponent("\(table.name).\(format.fileExtension)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            return try HashingFileSink(url: url)
        }
        var header: [UInt8] = []
        CSVWriter.appendHeader(table.columns, to: &header)
        for (format, sink) in zip(formats, sinks) where format == .csv { try sink.write(header) }
        var rows = 0
        for index in 0..<table.chunkCount {
            let chunk = table.chunk(index)
            rows += chunk.count
            let failures = FailureSlot()
            DispatchQueue.concurrentPerform(iterations: formats.count) { f in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(chunk.count * 128)
                switch formats[f] {
                case .csv: CSVWriter.appendRows(chunk, to: &bytes)
                case .jsonl: JSONLinesWriter.appendRows(chunk, columns: table.columns, to: &bytes)
                }
                do { try sinks[f].write(bytes) } catch { failures.record(error) }
            }
            try failures.rethrow()
        }
        return zip(formats, sinks).map { format, sink in
            RunManifest.Entry(path: "\(table.name).\(format.fileExtension)", bytes: sink.byteCount, sha256: sink.finish(), rows: rows)
        }
    }

    /// Writes a small file already in memory, hashed on the way.
    static func write(_ file: OutputFile, into directory: URL) throws -> RunManifest.Entry {
        let url = directory.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let sink = try HashingFileSink(url: url)
        try sink.write(file.bytes)
        return RunManifest.Entry(path: file.path, bytes: sink.byteCount, sha256: sink.finish(), rows: nil)
    }

    /// The first error thrown by a parallel worker, rethrown on the calling thread.
    private final class FailureSlot: @unchecked Sendable {
        private let lock = NSLock()
        private var error: (any Error)?
        func record(_ error: any Error) { lock.withLock { if self.error == nil { self.error = error } } }
        func rethrow() throws { if let error = lock.withLock({ self.error }) { throw error } }
    }
}
