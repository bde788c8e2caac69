import Emit
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
