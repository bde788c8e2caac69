import Emit
import Foundation
@testable import Pairing
import PipelineCore
import PipelineTestSupport
import PlayerModel
import SyntheticData
import Testing
@testable import PipelineRunner

@Suite struct PairingsRowRendererTests {
    /// A seeded population whose game names exercise every escape: commas, quotes, line breaks, control
    /// characters, non-ASCII, and apps without a name.
    static func output() -> PairingRun.Output {
        var dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 1_200, seed: 5, shareAnywhere: 0.3))
        let awkward = "Half-Life, \"Source\" Line\nbreak\r\tand \u{01} back\\slash;semi Ünïcode ✓ ゲーム"
        for r in dataset.games.indices {
            switch dataset.games[r].appID % 5 {
            case 0: dataset.games[r].name = awkward
            case 1: dataset.games[r].name = nil
            default: break
            }
        }
        return PairingRun.run(PairingRun.Input(dataset: dataset, config: PairingConfig(k: 6, exposureCapFactor: 2)))
    }

    /// The renderer's bytes equal the `Cell` rows rendered by `CSVWriter` and `JSONLinesWriter`, whatever the chunk
    /// size and worker count.
    @Test(arguments: [(97, 3), (4_096, 1)])
    func bytesEqualTheCellRendering(chunk: Int, workers: Int) {
        let output = Self.output()
        let table = output.pairings
        #expect(table.rows.count > 1_000)
        let header = CSVWriter.render(Table(name: "pairings", columns: PairingRun.pairingColumns))
        let expectedCSV = Array(CSVWriter.render(table).dropFirst(header.count))
        let expectedJSONL = JSONLinesWriter.render(table)
        var csv: [UInt8] = [], jsonl: [UInt8] = []
        PairingJob.renderPairings(output.lists, population: output.population, chunk: chunk, workers: workers) {
            csv += $0
            jsonl += $1
        }
        #expect(csv == expectedCSV)
        #expect(jsonl == expectedJSONL)
        let text = String(decoding: jsonl, as: UTF8.self)
        #expect(text.contains(#"Half-Life, \"Source\" Line\nbreak\r\tand \u0001 back\\slash;semi Ünïcode ✓ ゲーム"#))
    }

    /// The run report's tally taken while `pairings.csv` is rendered equals a scan of the written file (the figures
    /// `steam-mate report` reads), game names with every escape included; a write without CSV tallies nothing.
    @Test func reportTallyEqualsAScanOfTheWrittenFile() throws {
        let output = Self.output()
        let directory = try RepositoryPaths.temporaryDirectory("pairing-tally")
        let tally = PairingReportTally()
        _ = try StreamingTableWriter.write(PairingJob.streamedPairings(output, playersPerChunk: 97, report: tally),
                                           formats: [.csv, .jsonl], into: directory, workers: 3)
        let parts = try CSVTableScanner.scanInParallel(directory.appendingPathComponent("pairings.csv"),
                                                       columns: ReportReader.PairingScan.columns, workers: 1,
                                                       initial: { ReportReader.PairingScan() }) { $0.add($1, playerID: nil) }
        var scanned = ReportReader.PairingScan()
        for part in try #require(parts) { scanned.merge(part) }
        let tallied = tally.scan
        #expect(scanned.scores.total == output.pairings.rows.count)
        #expect(scanned.gameNames.values.contains("Half-Life, \"Source\" Line\nbreak\r\tand \u{01} back\\slash;semi Ünïcode ✓ ゲーム"),
                "the name with every escape is read back whole")
        #expect(!scanned.distances.isEmpty || scanned.bucketCounts.contains { $0 > 0 })
        #expect(tallied.scores == scanned.scores)
        #expect(tallied.bucketCounts == scanned.bucketCounts)
        #expect(tallied.distances == scanned.distances)
        #expect(tallied.appearances == scanned.appearances)
        #expect(tallied.games == scanned.games)
        #expect(tallied.gameNames == scanned.gameNames)
        #expect(tallied == scanned)

        let jsonOnly = PairingReportTally()
        _ = try StreamingTableWriter.write(PairingJob.streamedPairings(output, playersPerChunk: 97, report: jsonOnly),
                                           formats: [.jsonl], into: try RepositoryPaths.temporaryDirectory("pairing-tally-jsonl"),
                                           workers: 2)
        #expect(jsonOnly.scan == ReportReader.PairingScan(), "no CSV rendered, nothing tallied")
    }
}
