import Foundation
import Testing
@testable import PipelineRunner

/// `Data/sample` must be exactly what its README's command produces.
@Suite struct SampleDatasetTests {
    static let sample = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/sample")

    @Test func syntheticPartRegeneratesByteForByte() throws {
        let readme = try String(contentsOf: Self.sample.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("steam-mate generate --players 240 --seed 20250115 --steam-fixtures ../shared/fixtures/steam --out Data/sample"))
        let tmp = try makeTemporaryDirectory("sample")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let out = tmp.appendingPathComponent("sample")
        try SyntheticDatasetWriter.write(.init(players: 240, seed: 20_250_115), to: out.path)
        let generated = try treeContents(out)
        let committed = try treeContents(Self.sample)
        var compared = 0
        for (path, bytes) in generated where path != "README.md" {
            #expect(committed[path] == bytes, "\(path) differs from the committed sample")
            compared += 1
        }
        #expect(compared > 700)
        // Everything else in the sample is a placed real fixture.
        let fixtureDestinations = Set(SteamFixturePlacement.entries.map(\.destination))
        for path in committed.keys where generated[path] == nil {
            #expect(fixtureDestinations.contains(path), "unexpected file \(path) in Data/sample")
        }
    }
}
