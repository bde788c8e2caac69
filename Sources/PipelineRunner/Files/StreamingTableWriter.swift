import Dispatch
import Emit
import Foundation
import PipelineCore
import Synchronization

/// Writes streamed tables into a directory: chunks are built and rendered into every format on all cores
/// (field by field through `RowFieldSink` when the table offers it, else from its cells), each renderer taking
/// the next chunk as soon as it is free (`RenderedChunkQueue`), and written in chunk order, each file hashed
/// while it is written. At most 2 × `workers` rendered chunks wait for the writer, so memory does not grow with
/// the size of the text written. The bytes equal `TableFiles.render` of the whole table for any number of workers.
enum StreamingTableWriter {
    /// Writes `<name>.<ext>` for every format and returns their manifest entries (with row counts).
    /// `workers` 0 = one per active processor.
    /// `chunkWritten` is called on the writing thread after each chunk with the bytes it wrote (for progress).
    static func write(_ table: StreamedTable, formats: [TableFormat], into directory: URL, workers: Int = 0,
                      chunkWritten: (_ bytes: Int) -> Void = { _ in }) throws -> [RunManifest.Entry] {
        let sinks = try formats.map { format in
            let url = directory.appendingPathComponent("\(table.name).\(format.fileExtension)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            return try HashingFileSink(url: url)
        }
        var header: [UInt8] = []
        CSVWriter.appendHeader(table.columns, to: &header)
        for (format, sink) in zip(formats, sinks) where format == .csv { try sink.write(header) }
        let threads = max(1, workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount)
        let buffers = BufferPool()
        @Sendable func render(_ index: Int) -> (rows: Int, bytes: [[UInt8]]) {
            if let renderBytes = table.renderBytes {
                // Both formats in one pass over the chunk (the table renders its own bytes).
                var chunk = RenderedChunk(csv: formats.contains(.csv) ? buffers.take() : [],
                                          jsonl: formats.contains(.jsonl) ? buffers.take() : [])
                renderBytes(index, formats.contains(.csv), formats.contains(.jsonl), &chunk)
                return (chunk.rows, formats.map { $0 == .csv ? chunk.csv : chunk.jsonl })
            }
            if let renderChunk = table.renderChunk {
                // Field by field straight into each format's bytes: no cells, no intermediate strings.
                var rows = 0
                let outputs = formats.map { format -> [UInt8] in
                    switch format {
                    case .csv:
                        let sink = CSVRowSink(capacity: 1 << 20, reusing: buffers.take())
                        renderChunk(index, sink)
                        rows = sink.rows
                        return sink.bytes
                    case .jsonl:
                        let sink = JSONLinesRowSink(columns: table.columns, capacity: 1 << 20, reusing: buffers.take())
                        renderChunk(index, sink)
                        rows = sink.rows
                        return sink.bytes
                    }
                }
                return (rows, outputs)
            }
            let chunk = table.chunk(index)
            var outputs: [[UInt8]] = []
            for format in formats {
                var bytes = buffers.take()
                bytes.reserveCapacity(chunk.count * 128)
                switch format {
                case .csv: CSVWriter.appendRows(chunk, to: &bytes)
                case .jsonl: JSONLinesWriter.appendRows(chunk, columns: table.columns, to: &bytes)
                }
                outputs.append(bytes)
            }
            return (chunk.count, outputs)
        }
        // `threads` renderers take chunks in order, each the next one as soon as it is free; this thread writes and
        // hashes them in chunk order as they arrive, at most 2 × threads chunks behind the renderers.
        var rows = 0
        try RenderedChunkQueue.rendering(count: table.chunkCount, threads: threads, render) { take in
            for index in 0..<table.chunkCount {
                let (chunkRows, outputs) = take(index)
                rows += chunkRows
                try Self.write(outputs, to: sinks)
                let bytes = outputs.reduce(0) { $0 + $1.count }
                buffers.give(outputs)
                chunkWritten(bytes)
            }
        }
        return try zip(formats, sinks).map { format, sink in
            RunManifest.Entry(path: "\(table.name).\(format.fileExtension)", bytes: sink.byteCount, sha256: try sink.finish(), rows: rows)
        }
    }

    /// Writes each format's bytes to its own sink, the formats in parallel (each sink hashes what it writes,
    /// so two files hash on two cores); the first error is thrown after every format's write has ended.
    private static func write(_ outputs: [[UInt8]], to sinks: [HashingFileSink]) throws {
        guard sinks.count > 1 else {
            for (sink, bytes) in zip(sinks, outputs) { try sink.write(bytes) }
            return
        }
        let failures = Mutex([(any Error)?](repeating: nil, count: sinks.count))
        DispatchQueue.concurrentPerform(iterations: sinks.count) { i in
            do { try sinks[i].write(outputs[i]) } catch { failures.withLock { $0[i] = error } }
        }
        if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
    }

    /// Chunk buffers handed back once written and reused for a later chunk of the same table. Large blocks
    /// get their own mappings (`FreedMemory`), so a fresh buffer per chunk was mapped, faulted in and zeroed
    /// page by page for every byte written. Copy-on-write keeps this safe: a buffer still referenced elsewhere
    /// when it is taken is simply not reused in place.
    private final class BufferPool: @unchecked Sendable {
        private let lock = NSLock()
        private var free: [[UInt8]] = []

        /// An empty buffer, with the capacity of an earlier chunk's when one is free.
        func take() -> [UInt8] {
            var buffer = lock.withLock { free.popLast() } ?? []
            buffer.removeAll(keepingCapacity: true)
            return buffer
        }

        func give(_ buffers: [[UInt8]]) {
            lock.withLock { free.append(contentsOf: buffers) }
        }
    }

    /// Writes a small file already in memory, hashed on the way.
    static func write(_ file: OutputFile, into directory: URL) throws -> RunManifest.Entry {
        let url = directory.appendingPathComponent(file.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let sink = try HashingFileSink(url: url)
        try sink.write(file.bytes)
        return RunManifest.Entry(path: file.path, bytes: sink.byteCount, sha256: try sink.finish(), rows: nil)
    }
}
