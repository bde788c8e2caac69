import Ingest
import PipelineCore
import PlayerModel
import Testing
@testable import Normalize

@Suite struct SharedRowValuesTests {
    let alice = SteamID64("76561197960287930")!
    let bob = SteamID64("76561197960435530")!

    func library(_ file: String, owner: SteamID64, _ games: [GameFacts]) -> IngestedDocument {
        IngestedDocument(origin: DocumentOrigin(file: file, owner: owner),
                         content: .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: games)))
    }

    /// Rows of one document share one `sources` array, and rows of one app one name string (what keeps
    /// `player_games` at 64 bytes a row plus little else), and the values are those of unshared rows.
    @Test func rowsShareTheirSourcesAndNames() throws {
        // Heap strings made at run time, as a decoder makes them (literals would share storage anyway).
        func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        let (dataset, _) = normalize([
            library("a.json", owner: alice, [GameFacts(appID: 10, name: fresh("A game with a long name"), minutesTotal: 1),
                                             GameFacts(appID: 20, name: fresh("Another long game name"), minutesTotal: 2)]),
            library("b.json", owner: bob, [GameFacts(appID: 10, name: fresh("A game with a long name"), minutesTotal: 3)]),
        ])
        #expect(dataset.games.map(\.sources) == [["a.json"], ["a.json"], ["b.json"]])
        #expect(dataset.games.map(\.name) == ["A game with a long name", "Another long game name", "A game with a long name"])
        #expect(storage(of: dataset.games[0].sources) == storage(of: dataset.games[1].sources))
        #expect(storage(of: dataset.games[0].name!) == storage(of: dataset.games[2].name!))
    }

    /// Names that `==` calls equal (canonically equivalent) but whose bytes differ are not merged.
    @Test func namesAreSharedOnlyWhenTheirBytesAreEqual() throws {
        let composed = "Caf\u{E9} Simulator Deluxe Edition"
        let decomposed = "Cafe\u{301} Simulator Deluxe Edition"
        #expect(composed == decomposed)
        let (dataset, _) = normalize([
            library("a.json", owner: alice, [GameFacts(appID: 10, name: composed, minutesTotal: 1)]),
            library("b.json", owner: bob, [GameFacts(appID: 10, name: decomposed, minutesTotal: 1)]),
        ])
        #expect(dataset.games.map { Array($0.name!.utf8) } == [Array(composed.utf8), Array(decomposed.utf8)])
    }

    func normalize(_ documents: [IngestedDocument]) -> (PlayerDataset, [Diagnostic]) {
        let log = DiagnosticLog()
        return (DatasetNormalizer.normalize(documents, diagnostics: log), log.sorted())
    }

    func storage(of list: [String]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func storage(of text: String) -> UnsafeRawPointer? {
        var copy = text
        return copy.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }
}
