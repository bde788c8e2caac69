import Emit
import Foundation
import PipelineCore

/// Writes a streamed table as Parquet, as Spark lays a table out: `<table>/part-NNNNN.parquet` and an empty
/// `<table>/_SUCCESS`. Each chunk becomes one data page per column (`ParquetPageSink`), `chunksPerRowGroup` chunks a
/// row group and `rowGroupsPerPart` row groups a file; row groups are rendered on all cores (`RenderedChunkQueue`)
/// and written in order, so the files are the same bytes for any number of workers. Values are PLAIN and
/// uncompressed: what costs CPU here is the run's, and readers decompress nothing.
enum ParquetTableWriter {
    /// One row group rendered: its rows and, per column, its pages (in row order).
    typealias RowGroup = (rows: Int, columns: [[ParquetPageSink.Page]])

    /// Writes the parts and `_SUCCESS` under `directory/<table.name>/`; returns their manifest entries (paths relative
    /// to `directory`). `workers` 0 = one per active processor.
    static func write(_ table: StreamedTable, columns: [ParquetColumn], into directory: URL, workers: Int = 0,
                      chunksPerRowGroup: Int = 8, rowGroupsPerPart: Int = 32) throws -> [RunManifest.Entry] {
        let folder = directory.appendingPathComponent(table.name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let perGroup = max(1, chunksPerRowGroup), perPart = max(1, rowGroupsPerPart)
        let groupCount = (table.chunkCount + perGroup - 1) / perGroup
        let threads = max(1, workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount)
        @Sendable func render(_ group: Int) -> Result<RowGroup, any Error> {
            Result {
                var rendered: RowGroup = (0, columns.map { _ in [] })
                for chunk in (group * perGroup)..<min(table.chunkCount, (group + 1) * perGroup) {
                    let sink = ParquetPageSink(columns: columns)
                    if let renderChunk = table.renderChunk {
                        renderChunk(chunk, sink)
                    } else {
                        for row in table.chunk(chunk) { sink.row(row) }
                    }
                    for (c, page) in try sink.pages().enumerated() { rendered.columns[c].append(page) }
                    rendered.rows += sink.rows
                }
                return rendered
            }
        }
        var entries: [RunManifest.Entry] = []
        try RenderedChunkQueue.rendering(count: groupCount, threads: threads, render) { take in
            // An empty table is one part with no row groups (its schema only).
            for part in 0..<max(1, (groupCount + perPart - 1) / perPart) {
                let name = String(format: "part-%05d.parquet", part)
                let sink = try HashingFileSink(url: folder.appendingPathComponent(name))
                try sink.write(ParquetFooter.magic)
                var footer = ParquetFooter(columns: columns)
                var offset = ParquetFooter.magic.count
                for group in (part * perPart)..<min(groupCount, (part + 1) * perPart) {
                    let rendered = try take(group).get()
                    var chunks: [ParquetFooter.ColumnChunk] = []
                    for pages in rendered.columns {
                        let bytes = pages.reduce(0) { $0 + $1.byteCount }
                        chunks.append(.init(offset: offset, bytes: bytes, levels: pages.reduce(0) { $0 + $1.levels }))
                        for page in pages {
                            try sink.write(page.head)
                            try sink.write(page.values)
                        }
                        offset += bytes
                    }
                    footer.rowGroups.append(.init(rows: rendered.rows, columns: chunks))
                }
                try sink.write(footer.bytes())
                let rows = footer.rowGroups.reduce(0) { $0 + $1.rows }
                entries.append(RunManifest.Entry(path: "\(table.name)/\(name)", bytes: sink.byteCount, sha256: try sink.finish(),
                                                 rows: rows))
            }
        }
        entries.append(try StreamingTableWriter.write(OutputFile(path: "\(table.name)/_SUCCESS", bytes: []), into: directory))
        return entries
    }
}
