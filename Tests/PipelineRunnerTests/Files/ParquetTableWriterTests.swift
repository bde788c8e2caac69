import Emit
import Foundation
import PipelineCore
import PipelineTestSupport
import PlayerModel
import Testing
@testable import PipelineRunner

/// The Parquet files a run publishes for the canonical tables: parts, row groups and pages cut where asked, the same
/// bytes for any number of workers, and (where a Python with pyarrow is at hand, as CI's `.venv-spark`) read back by
/// Arrow as the same rows and declared types as the tables' JSON Lines.
@Suite struct ParquetTableWriterTests {
    static let columns: [ParquetColumn] = [.init("id", .string), .init("n", .int64), .init("l", .stringList)]

    static func table(rows: Int) -> StreamedTable {
        var table = Table(name: "t", columns: ["id", "n", "l"])
        for i in 0..<rows {
            table.append([.id(UInt64(i)), i % 4 == 0 ? .null : .int(Int64(i)), .list((0..<(i % 3)).map { .string("s\($0)") })])
        }
        return StreamedTable(table, rowsPerChunk: 3)
    }

    @Test func partsAndRowGroupsAreCutWhereAskedWithTheSameBytesForAnyWorkers() throws {
        var trees: [[String: Data]] = []
        for workers in [1, 4] {
            let dir = try RepositoryPaths.temporaryDirectory()
            // 50 rows in chunks of 3: 17 chunks, row groups of 2 chunks (9), parts of 4 row groups (3).
            let entries = try ParquetTableWriter.write(Self.table(rows: 50), columns: Self.columns, into: dir, workers: workers,
                                                       chunksPerRowGroup: 2, rowGroupsPerPart: 4)
            #expect(entries.map(\.path) == ["t/part-00000.parquet", "t/part-00001.parquet", "t/part-00002.parquet", "t/_SUCCESS"])
            #expect(entries.compactMap(\.rows) == [24, 24, 2])
            let tree = PublishedTree.snapshot(dir)
            for entry in entries {
                let bytes = try #require(tree[entry.path])
                #expect(bytes.count == entry.bytes)
                if entry.path.hasSuffix(".parquet") {
                    #expect(Array(bytes.prefix(4)) == ParquetFooter.magic && Array(bytes.suffix(4)) == ParquetFooter.magic)
                }
            }
            trees.append(tree)
        }
        #expect(trees[0] == trees[1])
    }

    @Test func anEmptyTableIsOnePartWithItsSchemaOnly() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let entries = try ParquetTableWriter.write(Self.table(rows: 0), columns: Self.columns, into: dir)
        #expect(entries.map(\.path) == ["t/part-00000.parquet", "t/_SUCCESS"])
        #expect(entries[0].rows == 0)
    }

    @Test func rowsThatDoNotFitTheColumnsFailTheWrite() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        #expect(throws: ParquetPageSink.Mismatch.self) {
            try ParquetTableWriter.write(Self.table(rows: 10), columns: [.init("id", .int64), .init("n", .int64), .init("l", .stringList)],
                                         into: dir, workers: 2)
        }
    }

    /// Every dataset table, from a dataset with a row or more in each (and from the sample), read back by pyarrow: the
    /// same rows as its JSON Lines and the declared schema; once as a run writes them, once with a part per row.
    @Test(.enabled(if: ArrowPython.path != nil, "skipped: no Python with pyarrow (set STEAM_MATE_SPARK_PYTHON or create .venv-spark)"))
    func arrowReadsTheJSONLinesRows() throws {
        for dataset in [CanonicalDatasetReaderTests().sampleDataset(), try Self.sample()] {
            let dir = try RepositoryPaths.temporaryDirectory()
            for file in TableFiles.render(DatasetTables.tables(for: dataset), formats: [.jsonl]) {
                try Data(file.bytes).write(to: dir.appendingPathComponent(file.path))
            }
            let entries = try PipelineRun.publishParquet(of: dataset, to: dir.appendingPathComponent("pq"), pipeline: "t",
                                                         policy: PublishPolicy(), workers: 2)
            #expect(entries.last?.path == "manifest.json")
            for table in DatasetTables.streamedTables(for: dataset, rowsPerChunk: 1) {
                _ = try ParquetTableWriter.write(table, columns: DatasetTables.parquetColumns[table.name]!,
                                                 into: dir.appendingPathComponent("single"), workers: 3,
                                                 chunksPerRowGroup: 1, rowGroupsPerPart: 1)
            }
            for layout in ["pq", "single"] {
                let check = try ArrowPython.run(["-c", ArrowPython.parquetEqualsJSONLines, dir.appendingPathComponent(layout).path, dir.path])
                #expect(check.status == 0 && check.output.contains("players rows"), "\(layout): \(check.output)")
            }
        }
    }

    /// The sample's canonical dataset, as `convert` writes it.
    static func sample() throws -> PlayerDataset {
        let log = DiagnosticLog()
        let root = RepositoryPaths.root()
        let ingested = try DatasetIngestor(threads: 2).ingest(DatasetScanner.scan(root: root.appendingPathComponent("Data/sample"), diagnostics: log),
                                                              locator: nil, diagnostics: log)
        return ingested.dataset
    }
}
