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
/// columns and `trade` the app ids, and the `player_games` rows are let go with the text no later stage reads
/// (`PlayerDataset.dropWrittenOnlyFields`), unless `lobby` still needs them.
@Suite struct ReleasedGameRowsTests {
    static func ingested() -> DatasetIngestor.Result {
        var dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 700, seed: 11, shareAnywhere: 0.3))
        // The text an ingested dataset carries (the generator's population states none of it).
        for i in dataset.players.indices {
            dataset.players[i].personaName = "player number \(i)"
            dataset.players[i].profileURL = "https://steamcommunity.com/profiles/\(dataset.players[i].steamID.rawValue)/"
            dataset.players[i].sources = ["profiles.xml:\(4 * i + 1)", "summaries.jsonl:\(i + 1)"]
        }
        for i in dataset.friendships.indices { dataset.friendships[i].sources = ["friends.jsonl:\(i + 1)"] }
        for i in dataset.preferences.indices { dataset.preferences[i].sources = ["preferences.jsonl:\(i + 1)"] }
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

    /// Pairing from the released rows' columns and the dataset without its written-only text equals pairing from the
    /// whole dataset's rows; trade's app ids are the rows'.
    @Test func pairingFromTheColumnsEqualsPairingFromTheRows() throws {
        var result = Self.ingested()
        let full = result.dataset
        let (libraries, knownApps) = Self.run([.pair, .match, .trade]).releaseGameRows(&result)
        #expect(result.dataset.games.isEmpty && !full.games.isEmpty)
        // The text only the written tables show is gone; what the later stages read is not (pairing below).
        #expect(result.dataset.players.map(\.steamID) == full.players.map(\.steamID))
        #expect(result.dataset.players.allSatisfy { $0.sources.isEmpty && $0.personaName == nil && $0.profileURL == nil })
        #expect(full.players.contains { !$0.sources.isEmpty && $0.personaName != nil })
        #expect(result.dataset.players.map(\.latitude) == full.players.map(\.latitude))
        #expect(result.dataset.players.map(\.locationAccuracyKm) == full.players.map(\.locationAccuracyKm))
        #expect(result.dataset.preferences.map(\.availability) == full.preferences.map(\.availability))
        #expect(result.dataset.preferences.map(\.timeZone) == full.preferences.map(\.timeZone))
        #expect(result.dataset.friendships.map { [$0.a, $0.b] } == full.friendships.map { [$0.a, $0.b] })
        #expect(result.dataset.friendships.allSatisfy { $0.sources.isEmpty })
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
        let full = result.dataset
        let (libraries, knownApps) = Self.run([.pair, .lobby, .trade]).releaseGameRows(&result)
        #expect(libraries == nil && knownApps == nil)
        #expect(result.dataset == full)
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
