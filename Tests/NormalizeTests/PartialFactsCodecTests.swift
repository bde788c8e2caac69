import Ingest
import PipelineCore
import PlayerModel
import Testing
@testable import Normalize

@Suite struct PartialFactsCodecTests {
    let alice = SteamID64("76561197960287930")!
    let bob = SteamID64("76561197960435530")!
    let group = GroupID64("103582791429521412")!

    /// A partition holding every table: profiles with groups and friends, two sources for one game,
    /// achievements with global percentages and a schema, bans and preferences with lobbies.
    func filledPartition() -> NormalizerPartition {
        var profile = ProfileFacts(steamID: alice, visibility: .public)
        profile.personaName = "Alice with a name longer than fifteen bytes"
        profile.country = "SE"; profile.state = "26"; profile.cityID = 1234
        profile.groups = [GroupFacts(groupID: group, name: "Group", url: "grp", headline: "hello", memberCount: 12, isPrimary: true)]
        profile.friends = [FriendFacts(steamID: bob, friendSince: 1_300_000_000)]
        var preferences = PreferencesFacts(steamID: bob, favoriteAppIDs: [570, 440], maxDistanceKm: 150.5, anywhere: true,
                                           languages: ["sv", "en"], timeZone: "Europe/Stockholm",
                                           windows: [.init(day: 2, startHour: 18, endHour: 23)], updatedAt: "2025-02-01T00:00:00Z")
        var bans = BanFacts(steamID: bob)
        bans.vacBanned = true; bans.vacBanCount = 1; bans.daysSinceLastBan = 40; bans.economyBan = "none"
        preferences.lobbies = [LobbyRequest(appID: 570, minPlayers: 2, maxPlayers: 5, roles: ["carry"], roleMask: 3, group: "g1")]
        let documents: [IngestedDocument] = [
            IngestedDocument(origin: DocumentOrigin(file: "profiles.xml", line: 3), content: .profile(profile)),
            IngestedDocument(origin: DocumentOrigin(file: "owned.jsonl", line: 7, fetchedAt: "2025-01-01T00:00:00Z", owner: alice),
                             content: .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: [GameFacts(appID: 570, name: "Dota 2", minutesTotal: 90, lastPlayed: 1_700_000_000)]))),
            IngestedDocument(origin: DocumentOrigin(file: "games.xml", owner: alice),
                             content: .gameLibrary(GameLibraryFacts(kind: .gamesXML, owner: alice, games: [GameFacts(appID: 570, minutesTotal: 84, minutes2Weeks: 6)]))),
            IngestedDocument(origin: DocumentOrigin(file: "bans.json"),
                             content: .playerBans([bans])),
            IngestedDocument(origin: DocumentOrigin(file: "ach.json", owner: alice, appID: 570),
                             content: .playerAchievements(PlayerAchievementFacts(gameName: "Dota 2", achievements: [.init(apiName: "WIN", achieved: true, unlockTime: 5), .init(apiName: "LOSE", achieved: false)]))),
            IngestedDocument(origin: DocumentOrigin(file: "global.json", appID: 570),
                             content: .globalAchievementPercentages(GlobalAchievementFacts(entries: [.init(name: "WIN", percent: 12.5)]))),
            IngestedDocument(origin: DocumentOrigin(file: "schema.json", appID: 570), content: .gameSchema(GameSchemaFacts(gameName: "Dota 2"))),
            IngestedDocument(origin: DocumentOrigin(file: "prefs.jsonl", line: 1, owner: bob), content: .preferences(preferences)),
        ]
        var partition = NormalizerPartition()
        let log = DiagnosticLog()
        for document in documents {
            let routed = RoutedDocument(document, diagnostics: log)
            if routed.isKept { partition.add(document, owner: routed.owner, rank: routed.rank) }
        }
        return partition
    }

    func resolved(_ partition: NormalizerPartition) -> PlayerDataset {
        var dataset = partition.resolve(locator: nil, diagnostics: DiagnosticLog())
        dataset.sortCanonically()
        return dataset
    }

    @Test func roundTripKeepsEveryTable() throws {
        let partition = filledPartition()
        let expected = resolved(partition)
        #expect(!expected.players.isEmpty && !expected.games.isEmpty && !expected.friendships.isEmpty && !expected.groups.isEmpty
                && !expected.groupMembers.isEmpty && !expected.achievements.isEmpty && !expected.preferences.isEmpty)
        #expect(expected.games.first?.sources == ["games.xml", "owned.jsonl:7"])
        #expect(expected.achievements.first?.achievedGlobalPercentMean == 12.5)
        let decoded = try PartialFactsCodec.decode(PartialFactsCodec.encode(partition))
        #expect(resolved(decoded) == expected)
        // Merging the decoded copy into an empty partition, or into the original (same facts twice), changes nothing.
        var merged = NormalizerPartition()
        merged.merge(decoded)
        #expect(resolved(merged) == expected)
        var twice = partition
        twice.merge(decoded)
        #expect(resolved(twice) == expected)
    }

    /// Every truncation and a foreign version are refused with an error, never misread and never a trap.
    @Test func damagedBytesAreRefused() throws {
        let bytes = PartialFactsCodec.encode(filledPartition())
        for length in 0..<bytes.count {
            #expect(throws: PartialFactsCodec.DecodeError.self) { try PartialFactsCodec.decode(Array(bytes[0..<length])) }
        }
        var otherVersion = bytes
        otherVersion[4] = 1
        #expect(throws: PartialFactsCodec.DecodeError.self) { try PartialFactsCodec.decode(otherVersion) }
        #expect(throws: PartialFactsCodec.DecodeError.self) { try PartialFactsCodec.decode(bytes + [0]) }
    }
}
