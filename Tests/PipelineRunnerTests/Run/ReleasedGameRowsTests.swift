import Emit
import Foundation
@testable import Pairing
import PipelineCore
import PipelineSpec
import PlayerModel
import SyntheticData
import Testing
@testable import PipelineRunner

/// `PipelineRun.releaseGameRows`: after the dataset's tables are written, `pair` and `match` get the libraries as
/// columns and `trade` the app ids, and the `player_games` rows are let go, unless `lobby` still needs them.
@Suite struct ReleasedGameRowsTests {
    static func ingested() -> DatasetIngestor.Result {
        var dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 700, seed: 11, shareAnywhere: 0.3))
        dataset.sortCanonically()
        return DatasetIngestor.Result(dataset: dataset, rows: DatasetRowCounts(dataset), filesRead: 1, bytesRead: 1,
                                      documents: 1, documentCounts: [:])
    }

    static func run(_ stages: [PipelineDefinition.StageName]) -> PipelineRun {
        var options: [PipelineDefinition.StageName: StageOptions] = [.normalize: StageOptions()]
        for stage in stages { options[stage] = StageOptions() }
        return PipelineRun(definition: PipelineDefinition(name: "t", input: "in", output: "out", stages: options),
                           baseDirectory: URL(fileURLWithPath: "/tmp"))
    }

    /// Pairing from the released rows' columns equals pairing from the rows; trade's app ids are the rows'.
    @Test func pairingFromTheColumnsEqualsPairingFromTheRows() throws {
        var result = Self.ingested()
        let full = result.dataset
        let (libraries, knownApps) = Self.run([.pair, .match, .trade]).releaseGameRows(&result)
        #expect(result.dataset.games.isEmpty && !full.games.isEmpty)
        #expect(result.dataset.players == full.players && result.dataset.preferences == full.preferences)
        #expect(knownApps == Set(full.games.map(\.appID)))
        let columns = try #require(libraries?.take())
        #expect(libraries?.take() == nil, "handed over once")
        let config = PairingConfig(k: 8, exposureCapFactor: 3)
        let a = PairingRun.run(PairingRun.Input(dataset: result.dataset, config: config, libraries: columns))
        let b = PairingRun.run(PairingRun.Input(dataset: full, config: config))
        #expect(a.summary == b.summary)
        #expect(a.lists == b.lists)
        #expect(JSONLinesWriter.render(a.pairings) == JSONLinesWriter.render(b.pairings))
    }

    @Test func lobbyKeepsTheRows() {
        var result = Self.ingested()
        let (libraries, knownApps) = Self.run([.pair, .lobby, .trade]).releaseGameRows(&result)
        #expect(libraries == nil && knownApps == nil)
        #expect(result.dataset.games.count == result.rows.games)
    }

    @Test func rowsTheColumnsCannotHoldAreKept() {
        var result = Self.ingested()
        result.dataset.games[3].minutesTotal = Int(Int32.max) + 1
        let (libraries, _) = Self.run([.pair]).releaseGameRows(&result)
        #expect(libraries == nil && result.dataset.games.count == result.rows.games)
    }

    @Test func tradeAloneNeedsNoColumns() {
        var result = Self.ingested()
        let apps = Set(result.dataset.games.map(\.appID))
        let (libraries, knownApps) = Self.run([.trade]).releaseGameRows(&result)
        #expect(libraries == nil && knownApps == apps && result.dataset.games.isEmpty)
    }
}
