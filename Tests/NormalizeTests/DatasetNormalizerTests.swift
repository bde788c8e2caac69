import Ingest
import PipelineCore
import PlayerModel
import Testing
@testable import Normalize

@Suite struct DatasetNormalizerTests {
    let alice = SteamID64("76561197960287930")!
    let bob = SteamID64("76561197960435530")!
    let carol = SteamID64("76561198005755687")!

    func doc(_ file: String, fetchedAt: String? = nil, owner: SteamID64? = nil, _ content: SteamDocument) -> IngestedDocument {
        IngestedDocument(origin: DocumentOrigin(file: file, fetchedAt: fetchedAt, owner: owner), content: content)
    }

    func normalize(_ documents: [IngestedDocument]) -> (PlayerDataset, [Diagnostic]) {
        let log = DiagnosticLog()
        return (DatasetNormalizer.normalize(documents, diagnostics: log), log.sorted())
    }

    @Test func jsonMinutesBeatXMLHoursWhateverTheirAge() throws {
        let xml = doc("players/a/games.xml", fetchedAt: "2025-05-01T00:00:00Z",
                      .gameLibrary(GameLibraryFacts(kind: .gamesXML, owner: alice, games: [GameFacts(appID: 570, name: "Dota 2", minutesTotal: 35382)])))
        let json = doc("bundle.jsonl", fetchedAt: "2025-01-01T00:00:00Z", owner: alice,
                       .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: [GameFacts(appID: 570, minutesTotal: 35379)], reportedCount: 1)))
        let (dataset, _) = normalize([xml, json])
        let game = try #require(dataset.games.first)
        #expect(game.minutesTotal == 35379)
        #expect(game.name == "Dota 2", "the name comes from the only source that states it")
        #expect(game.sources == ["bundle.jsonl", "players/a/games.xml"])
    }

    @Test func newestFetchedAtWinsForProfileFields() throws {
        var old = ProfileFacts(steamID: alice, visibility: .public)
        old.personaName = "old name"
        old.country = "US"; old.state = "WA"; old.cityID = 3961
        var new = ProfileFacts(steamID: alice, visibility: .public)
        new.personaName = "new name"
        let (dataset, _) = normalize([
            doc("b.jsonl", fetchedAt: "2025-04-28T10:00:00Z", .playerSummaries([new])),
            doc("a.jsonl", fetchedAt: "2024-04-28T12:00:00+02:00", .playerSummaries([old])),
        ])
        let player = try #require(dataset.players.first)
        #expect(player.personaName == "new name")
        #expect(player.country == "US" && player.state == "WA" && player.cityID == 3961, "fields only the old document states are kept")
    }

    @Test func privateNeverBecomesZero() throws {
        let visible = doc("old.json", fetchedAt: "2024-01-01T00:00:00Z", owner: alice,
                          .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: [GameFacts(appID: 440, minutesTotal: 60)])))
        let hidden = doc("new.json", fetchedAt: "2025-01-01T00:00:00Z", owner: alice,
                         .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: nil)))
        let onlyHidden = doc("bob.json", owner: bob, .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: nil)))
        let privateFriends = doc("bobf.json", owner: bob, .friendList(FriendListFacts(friends: nil)))
        let (dataset, _) = normalize([visible, hidden, onlyHidden, privateFriends])
        #expect(dataset.games.map(\.appID) == [440])
        let a = try #require(dataset.players.first { $0.steamID == alice })
        let b = try #require(dataset.players.first { $0.steamID == bob })
        #expect(a.gamesKnown)
        #expect(!b.gamesKnown && !b.friendsKnown)
    }

    @Test func friendshipsAreUnorderedAndDeduplicated() throws {
        let fromAlice = doc("alice.json", owner: alice, .friendList(FriendListFacts(friends: [
            FriendFacts(steamID: bob, friendSince: 1_300_000_000), FriendFacts(steamID: carol, friendSince: nil),
        ])))
        let fromBob = doc("bob.xml", .friendList(FriendListFacts(owner: bob, friends: [FriendFacts(steamID: alice)])))
        let (dataset, _) = normalize([fromAlice, fromBob])
        #expect(dataset.friendships.count == 2)
        let ab = try #require(dataset.friendships.first { $0.b == bob || $0.a == bob })
        #expect(ab.a < ab.b)
        #expect(ab.friendSince == 1_300_000_000)
        #expect(ab.sources == ["alice.json", "bob.xml"])
        #expect(dataset.friendships.first { $0.a == carol || $0.b == carol }?.friendSince == nil)
        #expect(dataset.players.filter(\.friendsKnown).map(\.steamID).sorted() == [alice, bob])
    }

    @Test func resultDoesNotDependOnDocumentOrder() {
        var documents: [IngestedDocument] = []
        for i in 0..<40 {
            let owner = SteamID64(accountID: UInt32(1000 + i % 7))!
            var facts = ProfileFacts(steamID: owner, visibility: i % 3 == 0 ? .private : .public)
            facts.personaName = "name \(i)"
            documents.append(doc("p\(i).json", fetchedAt: i % 2 == 0 ? "2025-01-0\(1 + i % 9)T00:00:00Z" : nil, .playerSummaries([facts])))
            documents.append(doc("g\(i).json", owner: owner, .gameLibrary(GameLibraryFacts(kind: i % 2 == 0 ? .ownedGames : .gamesXML,
                games: [GameFacts(appID: UInt32(i % 5), minutesTotal: i * 10)]))))
        }
        let (forward, _) = normalize(documents)
        var generator = SeededGenerator(seed: 7)
        let (shuffled, _) = normalize(documents.shuffled(using: &generator))
        let (reversed, _) = normalize(documents.reversed())
        #expect(forward == shuffled)
        #expect(forward == reversed)
    }

    @Test func documentsWithoutAnOwnerAreReportedNotGuessed() {
        let (dataset, diagnostics) = normalize([doc("loose.json", .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: [])))])
        #expect(dataset.players.isEmpty)
        #expect(diagnostics.map(\.code) == ["document.noOwner"])
        #expect(diagnostics.first?.severity == .warning)
    }

    @Test func availabilityIsConvertedToUTCHours() throws {
        let prefs = PreferencesFacts(steamID: alice, favoriteAppIDs: [570], maxDistanceKm: 50, languages: ["EN", "de"],
                                     timeZone: "Europe/Berlin",
                                     windows: [.init(day: 0, startHour: 18, endHour: 23), .init(day: 6, startHour: 23, endHour: 1)])
        let bad = PreferencesFacts(steamID: bob, timeZone: "Mars/Olympus", windows: [.init(day: 1, startHour: 1, endHour: 2)])
        let (dataset, diagnostics) = normalize([doc("preferences.jsonl", .preferences(prefs)), doc("preferences.jsonl", .preferences(bad))])
        let p = try #require(dataset.preferences.first { $0.steamID == alice })
        let mask = try #require(p.availability)
        // Berlin is UTC+1 in January: Monday 18–23 local = 17–22 UTC; Sunday 23–01 local (wrapping past midnight) = Sunday 22–24 UTC.
        let hours = (0..<168).filter(mask.contains(hour:))
        #expect(hours == [17, 18, 19, 20, 21, 166, 167])
        #expect(p.languages == ["de", "en"])
        #expect(p.availabilityText == ["mon 18-23", "sun 23-1"])
        #expect(diagnostics.map(\.code) == ["preferences.timeZone"])
    }

    @Test func achievementsJoinGlobalPercentagesThroughTheSchema() throws {
        var schemaDoc = doc("apps/550/schema.json", .gameSchema(GameSchemaFacts(gameName: "L4D2")))
        schemaDoc.origin.appID = 550
        var globalDoc = doc("apps/550/global.json", .globalAchievementPercentages(GlobalAchievementFacts(entries: [
            .init(name: "A", percent: 50), .init(name: "B", percent: 10),
        ])))
        globalDoc.origin.appID = 550
        let player = doc("players/x/ach.json", owner: alice, .playerAchievements(PlayerAchievementFacts(gameName: "L4D2", achievements: [
            .init(apiName: "A", achieved: true), .init(apiName: "B", achieved: true), .init(apiName: "C", achieved: false),
        ])))
        let (dataset, _) = normalize([player, globalDoc, schemaDoc])
        let progress = try #require(dataset.achievements.first)
        #expect(progress.appID == 550)
        #expect(progress.achieved == 2 && progress.total == 3)
        #expect(progress.achievedGlobalPercentMean == 30)
    }
}
