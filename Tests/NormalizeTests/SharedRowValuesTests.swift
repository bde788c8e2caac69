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

    /// Across partitions too: with 64 partitions, every row of an app holds the same name storage
    /// (`GameNameCatalogue`), whichever partitions resolve first.
    @Test func rowsOfOneAppShareANameAcrossPartitions() throws {
        func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        let normalizer = PartitionedNormalizer(partitioning: FactPartitioning(count: 64), locator: nil)
        let log = DiagnosticLog()
        var tally = PartitionedNormalizer.DocumentTally()
        let players = (0..<200).map { SteamID64(accountID: UInt32(1_000 + $0))! }
        normalizer.add(players.map { library("p\($0.rawValue).json", owner: $0, [
            GameFacts(appID: 10, name: fresh("A game with a long name"), minutesTotal: 1),
            GameFacts(appID: 20, name: fresh("Another long game name"), minutesTotal: 2),
        ]) }, tally: &tally, diagnostics: log)
        let dataset = try normalizer.finish(threads: 4, diagnostics: log) { _, _ in }
        #expect(dataset.games.count == 400)
        for appID in [UInt32(10), 20] {
            let rows = dataset.games.filter { $0.appID == appID }
            #expect(Set(rows.map { storage(of: $0.name!) }).count == 1, "app \(appID)")
        }
    }

    /// A bundle line's provenance text is made once per resolve, however many rows name it: the player's own
    /// `sources` and its games' rows hold one string; a document several partitions share (a friend list) is
    /// named by one string in every partition.
    @Test func aDocumentsProvenanceIsOneString() throws {
        let normalizer = PartitionedNormalizer(partitioning: FactPartitioning(count: 64), locator: nil)
        let log = DiagnosticLog()
        var tally = PartitionedNormalizer.DocumentTally()
        let players = (0..<40).map { SteamID64(accountID: UInt32(5_000 + $0))! }
        let libraries = players.enumerated().map { i, id in
            IngestedDocument(origin: DocumentOrigin(file: "owned_games.jsonl", line: 100 + i, owner: id),
                             content: .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: [GameFacts(appID: 10, minutesTotal: 1),
                                                                                               GameFacts(appID: 20, minutesTotal: 2)])))
        }
        // The owner's id is the largest, so each friendship belongs to its friend's partition.
        let friends = IngestedDocument(origin: DocumentOrigin(file: "friends.jsonl", line: 12_345, owner: players[39]),
                                       content: .friendList(FriendListFacts(owner: players[39], friends: players.dropLast().map { FriendFacts(steamID: $0) })))
        normalizer.add(libraries + [friends], tally: &tally, diagnostics: log)
        let dataset = try normalizer.finish(threads: 2, diagnostics: log) { _, _ in }
        #expect(dataset.games.count == 80 && dataset.friendships.count == 39)
        for player in dataset.players {
            let rows = dataset.games.filter { $0.steamID == player.steamID }
            let own = try #require(player.sources.first { $0.hasPrefix("owned_games.jsonl:") })
            #expect(rows.allSatisfy { $0.sources == [own] && storage(of: $0.sources[0]) == storage(of: own) })
        }
        let texts = Set(dataset.friendships.map { storage(of: $0.sources[0]) })
        #expect(dataset.friendships.allSatisfy { $0.sources == ["friends.jsonl:12345"] } && texts.count == 1)
    }

    @Test func theCatalogueKeepsOneStringPerAppAndSpelling() {
        let catalogue = GameNameCatalogue()
        let first = String(decoding: Array("Counter-Strike: Global Offensive".utf8), as: UTF8.self)
        let again = String(decoding: Array("Counter-Strike: Global Offensive".utf8), as: UTF8.self)
        #expect(storage(of: first) != storage(of: again))
        #expect(storage(of: catalogue.share(first, appID: 730)) == storage(of: first))
        #expect(storage(of: catalogue.share(again, appID: 730)) == storage(of: first))
        // Another app, or other bytes for the same app, keep their own strings.
        #expect(storage(of: catalogue.share(again, appID: 731)) == storage(of: again))
        let decomposed = "Cafe\u{301} Simulator Deluxe Edition", composed = "Caf\u{E9} Simulator Deluxe Edition"
        _ = catalogue.share(composed, appID: 5)
        #expect(Array(catalogue.share(decomposed, appID: 5).utf8) == Array(decomposed.utf8))
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
