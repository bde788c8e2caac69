import Emit
import Foundation
import PipelineCore
import PipelineTestSupport
import PlayerModel
import Testing
@testable import PipelineRunner

@Suite struct CanonicalDatasetReaderTests {
    func sampleDataset() -> PlayerDataset {
        let a = SteamID64("76561197960287930")!, b = SteamID64("76561197960435530")!
        var robin = Player(steamID: b, visibility: .public)
        robin.personaName = "Robin, \"the\" Walker"
        robin.country = "US"; robin.state = "WA"; robin.cityID = 3961
        robin.latitude = 47.61015; robin.longitude = -122.20068; robin.locationAccuracyKm = 10
        robin.timeCreated = 1_063_407_589
        robin.primaryGroupID = GroupID64("103582791429521412")
        robin.vacBanned = false; robin.gameBans = 0
        robin.gamesKnown = true; robin.friendsKnown = true
        robin.sources = ["players/76561197960435530/summary.json", "bundle.jsonl:3"]
        let hidden = Player(steamID: a, visibility: .private)
        var mask = WeeklyHourMask()
        [17, 18, 166].forEach { mask.insert(hour: $0) }
        var dataset = PlayerDataset(
            players: [robin, hidden],
            games: [PlayerGame(steamID: b, appID: 570, name: "Dota 2", minutesTotal: 35379, minutes2Weeks: nil, lastPlayed: 1_700_000_000, sources: ["g.json"]),
                    PlayerGame(steamID: b, appID: 440, minutesTotal: 0)],
            friendships: [Friendship(b, a, friendSince: nil, sources: ["f.json"])],
            groups: [Group(groupID: GroupID64("103582791429521412")!, name: "Valve", memberCount: 239, sources: ["m.xml"])],
            groupMembers: [GroupMembership(groupID: GroupID64("103582791429521412")!, steamID: b, sources: ["m.xml"])],
            achievements: [AchievementProgress(steamID: b, appID: 550, gameName: "L4D2", achieved: 2, total: 3, achievedGlobalPercentMean: 30.5, sources: ["a.json"])],
            preferences: [PlayerPreferences(steamID: b, favoriteAppIDs: [570, 440], maxDistanceKm: 100, anywhere: false, languages: ["de", "en"],
                                            timeZone: "Europe/Berlin", availabilityText: ["mon 18-23"], availability: mask,
                                            lobbies: [LobbyRequest(appID: 570, minPlayers: 5, maxPlayers: 5, roles: ["carry", "support"], group: "eu"),
                                                      LobbyRequest(appID: 550, roleMask: 3)],
                                            sources: ["preferences.jsonl:1"])])
        dataset.sortCanonically()
        return dataset
    }

    @Test func roundTripsEveryTable() throws {
        let dataset = sampleDataset()
        let dir = try RepositoryPaths.temporaryDirectory()
        for file in TableFiles.render(DatasetTables.tables(for: dataset), formats: [.jsonl]) {
            try Data(file.bytes).write(to: dir.appendingPathComponent(file.path))
        }
        let log = DiagnosticLog()
        let read = try CanonicalDatasetReader.read(directory: dir, diagnostics: log)
        #expect(log.all.isEmpty)
        #expect(read == dataset)
    }

    @Test func badRowsAreReportedWithTheirLineAndSkipped() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try """
        {"steamid":"76561197960435530","visibility":"public","games_known":true}
        {"steamid":"12345"}
        not json

        {"steamid":"76561197960287930","visibility":"private"}
        """.write(to: dir.appendingPathComponent("players.jsonl"), atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let read = try CanonicalDatasetReader.read(directory: dir, diagnostics: log)
        #expect(read.players.map(\.steamID.description) == ["76561197960287930", "76561197960435530"])
        #expect(log.sorted().map { "\($0.location?.line ?? 0) \($0.code)" } == ["2 dataset.badRow", "3 dataset.badRow"])
    }

    @Test func aDirectoryWithoutPlayersIsAnError() throws {
        #expect(throws: CanonicalDatasetReader.MissingTable.self) {
            try CanonicalDatasetReader.read(directory: try RepositoryPaths.temporaryDirectory(), diagnostics: DiagnosticLog())
        }
    }
}
