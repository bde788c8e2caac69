import Emit
import Normalize
import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct DatasetIngestorTests {
    /// The sample read on one thread in scan order, and on four threads from seeded shuffles of the file
    /// list, renders to the same bytes.
    @Test func sameBytesForAnyThreadCountAndInputOrder() throws {
        let files = DatasetScanner.scan(root: RepositoryPaths.root().appendingPathComponent("Data/sample"), diagnostics: DiagnosticLog())
        #expect(files.count > 100)
        func rendered(_ files: [DatasetFile], threads: Int) -> [OutputFile] {
            let result = try! DatasetIngestor(threads: threads).ingest(files, locator: nil, diagnostics: DiagnosticLog())
            return TableFiles.render(DatasetTables.tables(for: result.dataset), formats: TableFormat.allCases)
        }
        let reference = rendered(files, threads: 1)
        for seed in [1, 2, 3] as [UInt64] {
            var generator = SeededGenerator(seed: seed)
            let shuffled = files.shuffled(using: &generator)
            #expect(rendered(shuffled, threads: 4) == reference, "seed \(seed)")
        }
    }

    /// Batches handed from the worker streaming a profile-XML bundle to the workers with nothing left to
    /// decode (`DocumentBatchHandoff`), the location memo of each partition's resolve (`MemoizedLocator`) and
    /// the recycled JSON Lines chunk buffers: a generated bundle dataset with the shipped location table gives
    /// the same bytes on 1, 2 and 4 threads and from shuffled file lists.
    @Test func handedOffBatchesGiveTheSameBytesOnAnyThreadCount() throws {
        let generated = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: generated) }
        try SyntheticDatasetWriter.write(.init(players: 400, seed: 17, bundles: true), to: generated.appendingPathComponent("gen").path)
        let files = DatasetScanner.scan(root: generated.appendingPathComponent("gen"), displayPrefix: "gen", diagnostics: DiagnosticLog())
        #expect(files.contains { $0.relativePath.hasSuffix("profiles.xml") && $0.size > 100_000 })
        let root = RepositoryPaths.root()
        let locator = try LocationLoader.load(path: "Data/reference/steam-locations.csv") { root.appendingPathComponent($0) }
        func rendered(_ files: [DatasetFile], threads: Int) throws -> [OutputFile] {
            var ingestor = DatasetIngestor(threads: threads)
            ingestor.streamingThreshold = 4096
            ingestor.partitioning = FactPartitioning(count: 16)
            let result = try ingestor.ingest(files, locator: locator, diagnostics: DiagnosticLog())
            return TableFiles.render(DatasetTables.tables(for: result.dataset), formats: TableFormat.allCases)
        }
        let reference = try rendered(files, threads: 1)
        let players = reference.first { $0.path == "players.jsonl" }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        let rows = players.split(separator: "\n")
        #expect(rows.count == 400)
        // Located players have coordinates (the generator's home cities are in the shipped table).
        let located = rows.filter { $0.contains("\"latitude\":") && !$0.contains("\"latitude\":null") }
        #expect(located.count > 100)
        for (seed, threads) in [(0, 2), (1, 2), (2, 4), (3, 8)] as [(UInt64, Int)] {
            var generator = SeededGenerator(seed: seed)
            let order = seed == 0 ? files : files.shuffled(using: &generator)
            let other = try rendered(order, threads: threads)
            #expect(other.map(\.path) == reference.map(\.path))
            for (a, b) in zip(other, reference) {
                #expect(a.bytes == b.bytes, "\(a.path) differs: seed \(seed), \(threads) threads")
            }
        }
    }

    /// The spill path: with a limit so small that normalize spills after every batch, the sample plus a
    /// generated bundle dataset (JSONL bundles and a profile-XML bundle) gives the same bytes as the in-memory
    /// path, on 1 and 4 threads and from shuffled file lists; the spill directory is gone afterwards.
    @Test func spillingGivesTheSameBytesAsInMemory() throws {
        let generated = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: generated) }
        try SyntheticDatasetWriter.write(.init(players: 150, seed: 41, bundles: true), to: generated.appendingPathComponent("gen").path)
        let log = DiagnosticLog()
        let files = DatasetScanner.scan(root: RepositoryPaths.root().appendingPathComponent("Data/sample"), diagnostics: log)
            + DatasetScanner.scan(root: generated.appendingPathComponent("gen"), displayPrefix: "gen", diagnostics: log)
        #expect(files.contains { $0.isJSONLines } && files.contains { $0.relativePath.hasSuffix(".xml") })
        let spillParent = generated.appendingPathComponent("spill")
        try FileManager.default.createDirectory(at: spillParent, withIntermediateDirectories: true)
        func rendered(_ files: [DatasetFile], threads: Int, limit: Int?) throws -> (files: [OutputFile], spilled: Int, diagnostics: [Diagnostic]) {
            var ingestor = DatasetIngestor(threads: threads)
            ingestor.memoryLimit = limit
            ingestor.spillParent = spillParent
            ingestor.partitioning = FactPartitioning(count: 16)
            ingestor.streamingThreshold = 4096
            let log = DiagnosticLog()
            let result = try ingestor.ingest(files, locator: nil, diagnostics: log)
            #expect(try FileManager.default.contentsOfDirectory(atPath: spillParent.path).isEmpty, "spill directory left behind")
            var tables = DatasetTables.tables(for: result.dataset)
            tables.append(Table(name: "counts", columns: ["kind", "n"],
                                rows: result.documentCounts.sorted { $0.key < $1.key }.map { [.string($0.key), .int(Int64($0.value))] }))
            return (TableFiles.render(tables, formats: TableFormat.allCases), result.spillFiles, log.sorted())
        }
        let reference = try rendered(files, threads: 1, limit: nil)
        #expect(reference.spilled == 0)
        #expect(reference.files.first { $0.path == "players.csv" }.map { $0.bytes.count > 10_000 } == true)
        for (seed, threads) in [(0, 1), (1, 4), (2, 4)] as [(UInt64, Int)] {
            var generator = SeededGenerator(seed: seed)
            let order = seed == 0 ? files : files.shuffled(using: &generator)
            let spilled = try rendered(order, threads: threads, limit: 64 << 10)
            #expect(spilled.spilled > 10, "seed \(seed): the tiny limit must spill")
            #expect(spilled.files.map(\.path) == reference.files.map(\.path))
            for (a, b) in zip(spilled.files, reference.files) {
                #expect(a.bytes == b.bytes, "\(a.path) differs: seed \(seed), \(threads) threads")
            }
            #expect(spilled.diagnostics == reference.diagnostics, "seed \(seed)")
        }
    }

    /// The streamed ingest (`convert --memory-limit`): tables merged from sorted run files render to the same
    /// bytes as the in-memory dataset's tables, with the same row counts; the spill directory goes with `remove()`.
    @Test func sortedRunsGiveTheSameTablesAsTheDataset() throws {
        let generated = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: generated) }
        try SyntheticDatasetWriter.write(.init(players: 120, seed: 43, bundles: true), to: generated.appendingPathComponent("gen").path)
        let files = DatasetScanner.scan(root: RepositoryPaths.root().appendingPathComponent("Data/sample"), diagnostics: DiagnosticLog())
            + DatasetScanner.scan(root: generated.appendingPathComponent("gen"), displayPrefix: "gen", diagnostics: DiagnosticLog())
        let whole = try DatasetIngestor(threads: 2).ingest(files, locator: nil, diagnostics: DiagnosticLog())
        let expected = TableFiles.render(DatasetTables.tables(for: whole.dataset), formats: TableFormat.allCases)
        var ingestor = DatasetIngestor(threads: 2)
        ingestor.memoryLimit = 32 << 10
        ingestor.spillParent = generated
        let (streamed, runs) = try ingestor.ingestStreamed(files, locator: nil, diagnostics: DiagnosticLog())
        #expect(streamed.dataset.players.isEmpty)
        #expect(streamed.rows == whole.rows)
        let tables = runs.tables(rowsPerChunk: 7).map { streamed in
            var table = Table(name: streamed.name, columns: streamed.columns)
            for index in 0..<streamed.chunkCount { table.rows += streamed.chunk(index) }
            return table
        }
        let rendered = TableFiles.render(tables, formats: TableFormat.allCases)
        #expect(rendered.map(\.path) == expected.map(\.path))
        for (a, b) in zip(rendered, expected) { #expect(a.bytes == b.bytes, "\(a.path) differs") }
        runs.remove()
        let left = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter { $0.hasPrefix("steam-mate-spill") }
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// A partition survives the spill format unchanged: encoding, decoding and merging into an empty
    /// partition resolves to the same rows.
    @Test func partialFactsRoundTrip() throws {
        let files = DatasetScanner.scan(root: RepositoryPaths.root().appendingPathComponent("Data/sample"), diagnostics: DiagnosticLog())
        var ingestor = DatasetIngestor(threads: 1)
        ingestor.partitioning = .single
        let whole = try ingestor.ingest(files, locator: nil, diagnostics: DiagnosticLog()).dataset
        ingestor.memoryLimit = 1
        ingestor.spillParent = try RepositoryPaths.temporaryDirectory()
        let spilled = try ingestor.ingest(files, locator: nil, diagnostics: DiagnosticLog())
        #expect(spilled.spillFiles > 1)
        #expect(spilled.dataset == whole)
    }

    /// A UTF-16 XML file is refused the same way whether it is read whole or streamed (above the threshold).
    @Test func utf16XMLIsRefusedWhetherReadWholeOrStreamed() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<?xml version=\"1.0\" encoding=\"UTF-16\"?><profile><steamID64>76561197960435530</steamID64></profile>".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        try Data(bytes).write(to: dir.appendingPathComponent("profile.xml"))
        let files = DatasetScanner.scan(root: dir, diagnostics: DiagnosticLog())
        for threshold in [16 << 20, 16] {
            var ingestor = DatasetIngestor(threads: 1)
            ingestor.streamingThreshold = threshold
            let log = DiagnosticLog()
            let result = try ingestor.ingest(files, locator: nil, diagnostics: log)
            #expect(result.dataset.players.isEmpty, "threshold \(threshold)")
            #expect(log.sorted().map(\.code) == ["input.unknownFormat"], "threshold \(threshold)")
        }
    }
}
