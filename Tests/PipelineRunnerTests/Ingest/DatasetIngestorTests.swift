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
            let result = DatasetIngestor(threads: threads).ingest(files, locator: nil, diagnostics: DiagnosticLog())
            return TableFiles.render(DatasetTables.tables(for: result.dataset), formats: TableFormat.allCases)
        }
        let reference = rendered(files, threads: 1)
        for seed in [1, 2, 3] as [UInt64] {
            var generator = SeededGenerator(seed: seed)
            let shuffled = files.shuffled(using: &generator)
            #expect(rendered(shuffled, threads: 4) == reference, "seed \(seed)")
        }
    }
}
