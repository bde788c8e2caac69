import Ingest
import PipelineCore
import PlayerModel
import Testing

private typealias F = JSONTestFixtures

/// The single document's content, or a test failure.
private func onlyContent(_ result: (documents: [IngestedDocument], diagnostics: [Diagnostic])) throws -> SteamDocument {
    try #require(result.documents.count == 1, "diagnostics: \(result.diagnostics)")
    return result.documents[0].content
}

private func library(_ document: SteamDocument) throws -> GameLibraryFacts {
    guard case .gameLibrary(let facts) = document else { throw Unexpected(document) }
    return facts
}

private func friends(_ document: SteamDocument) throws -> FriendListFacts {
    guard case .friendList(let facts) = document else { throw Unexpected(document) }
    return facts
}

private func players(_ document: SteamDocument) throws -> [ProfileFacts] {
    guard case .playerSummaries(let facts) = document else { throw Unexpected(document) }
    return facts
}

private struct Unexpected: Error, CustomStringConvertible {
    var document: SteamDocument
    init(_ document: SteamDocument) { self.document = document }
    var description: String { "unexpected document kind: \(document)" }
}

@Suite struct JSONDocumentDecoderTests {
    // MARK: - Real samples (values from Fixtures/steam/SOURCES.md)

    @Test func ownedGames2015() throws {
        let result = try F.decode("steam/steam-web-api-java__GetOwnedGames.json")
        #expect(result.diagnostics.isEmpty)
        let facts = try library(try onlyContent(result))
        #expect(facts.kind == .ownedGames)
        #expect(facts.reportedCount == 487)
        let games = try #require(facts.games)
        #expect(games.count == 487)
        #expect(games[0] == GameFacts(appID: 10, name: "Counter-Strike", minutesTotal: 32))
        #expect(games.last == GameFacts(appID: 214_850, name: "GameMaker: Studio", minutesTotal: 22))
        #expect(games.reduce(0) { $0 + ($1.minutesTotal ?? 0) } == 123_305)
        #expect(games.compactMap(\.minutes2Weeks).count == 5)
        #expect(games.first { $0.appID == 271_590 }?.minutes2Weeks == 190)
        #expect(games.allSatisfy { $0.lastPlayed == nil && $0.name != nil })
        #expect(facts.owner == nil)
    }

    @Test func recentlyPlayedGamesKeepTheStatedTotal() throws {
        let result = try F.decode("steam/steam-web-api-java__GetRecentlyPlayedGames.json")
        #expect(result.diagnostics.isEmpty)
        let facts = try library(try onlyContent(result))
        #expect(facts.kind == .recentlyPlayed)
        #expect(facts.reportedCount == 6)
        #expect(facts.games == [
            GameFacts(appID: 271_590, name: "Grand Theft Auto V", minutesTotal: 190, minutes2Weeks: 190),
            GameFacts(appID: 236_430, name: "DARK SOULS™ II", minutesTotal: 2616, minutes2Weeks: 34),
            GameFacts(appID: 335_300, name: "DARK SOULS™ II: Scholar of the First Sin", minutesTotal: 13, minutes2Weeks: 13),
        ])
    }

    @Test func friendListWithUnknownDates() throws {
        let result = try F.decode("steam/steam-web-api-java__GetFriendList.json")
        #expect(result.diagnostics.isEmpty)
        let list = try #require(try friends(try onlyContent(result)).friends)
        #expect(list.count == 291)
        #expect(list.filter { $0.friendSince == nil }.count == 81)
        #expect(list[0] == FriendFacts(steamID: F.id("76561197960265731")))
        #expect(list.last == FriendFacts(steamID: F.id("76561198119266856"), friendSince: 1_403_374_765))
    }

    @Test func koraktorFriendList() throws {
        let result = try F.decode("steam/steam-condenser-java__koraktor-friends.json")
        #expect(result.diagnostics.isEmpty)
        let list = try #require(try friends(try onlyContent(result)).friends)
        #expect(list.count == 43)
        #expect(list.filter { $0.friendSince == nil }.count == 26)
    }

    @Test func playerSummariesOfRobinWalker() throws {
        let result = try F.decode("steam/steam-web-api-java__GetPlayerSummaries.json")
        #expect(result.diagnostics.isEmpty)
        let profiles = try players(try onlyContent(result))
        try #require(profiles.count == 1)
        let robin = profiles[0]
        #expect(robin.steamID == F.id("76561197960435530"))
        #expect(robin.personaName == "Robin")
        #expect(robin.realName == "Robin Walker")
        #expect(robin.visibility == .public)
        #expect(robin.country == "US")
        #expect(robin.state == "WA")
        #expect(robin.cityID == 3961)
        #expect(robin.profileURL == "http://steamcommunity.com/id/robinwalker/")
        #expect(robin.customURL == "robinwalker")
        #expect(robin.timeCreated == 1_063_407_589)
        #expect(robin.lastLogoff == 1_428_786_231)
        #expect(robin.primaryGroupID == GroupID64(rawValue: 103_582_791_429_521_412))
    }

    @Test func playerBansWithoutGameBans() throws {
        let result = try F.decode("steam/steam-web-api-java__GetPlayerBans.json")
        #expect(result.diagnostics.isEmpty)
        guard case .playerBans(let bans) = try onlyContent(result) else { Issue.record("not bans"); return }
        #expect(bans.map(\.steamID) == [F.id("76561198051682777"), F.id("76561198051682776")])
        for ban in bans {
            #expect(ban.gameBanCount == nil)
            #expect(ban.vacBanned == false)
            #expect(ban.communityBanned == false)
            #expect(ban.vacBanCount == 0)
            #expect(ban.daysSinceLastBan == 0)
            #expect(ban.economyBan == "none")
        }
    }

    @Test func achievementsWithAnonymisedSteamIDWarnAndKeepTheFacts() throws {
        let result = try F.decode("steam/steam-condenser-java__getPlayerAchievements.v1.json")
        #expect(F.codesAndLines(result.diagnostics) == ["steamid.invalid@3"])
        #expect(result.diagnostics.first?.severity == .warning)
        guard case .playerAchievements(let facts) = try onlyContent(result) else { Issue.record("not achievements"); return }
        #expect(facts.owner == nil)
        #expect(facts.gameName == "Left 4 Dead 2")
        let states = try #require(facts.achievements)
        #expect(states.count == 69)
        #expect(states.filter(\.achieved).count == 64)
        #expect(states[0] == .init(apiName: "ACH_HONK_A_CLOWNS_NOSE", achieved: true))
        #expect(states.last == .init(apiName: "ACH_HELP_FREE_PLAYER_SURVIVE", achieved: false))
    }

    @Test func anonymisedAchievementsStillApplyToTheOriginsOwner() throws {
        let result = try F.decode("steam/steam-condenser-java__getPlayerAchievements.v1.json", owner: F.id("76561197960435530"))
        #expect(result.documents.count == 1)
        #expect(result.documents.first?.origin.owner == F.id("76561197960435530"))
    }

    @Test func globalPercentagesKeepSeventeenDigits() throws {
        let result = try F.decode("steam/steam-condenser-java__getGlobalAchievementPercentagesForApp.v2.json")
        #expect(result.diagnostics.isEmpty)
        guard case .globalAchievementPercentages(let facts) = try onlyContent(result) else { Issue.record("not percentages"); return }
        #expect(facts.entries.count == 450)
        #expect(facts.entries[0] == .init(name: "TF_SCOUT_LONG_DISTANCE_RUNNER", percent: 47.144554138183594))
        #expect(facts.entries.first { $0.name == "TF_MVM_KILL_ROBOT_GRIND" }?.percent == 0.84169280529022217)
        #expect(facts.entries.last?.name == "Defiende un punto de captura 30 veces.")
    }

    @Test func globalPercentagesWithNoAchievements() throws {
        let result = try F.decode("steam/steam-condenser-java__getGlobalAchievementPercentagesForApp.NoAchievements.v2.json")
        #expect(result.diagnostics.isEmpty)
        guard case .globalAchievementPercentages(let facts) = try onlyContent(result) else { Issue.record("not percentages"); return }
        #expect(facts.entries.isEmpty)
    }

    @Test func schemaForGame() throws {
        let result = try F.decode("steam/steam-condenser-java__getSchemaForGame.v2.json")
        #expect(result.diagnostics.isEmpty)
        guard case .gameSchema(let facts) = try onlyContent(result) else { Issue.record("not a schema"); return }
        #expect(facts.gameName == "Team Fortress 2")
        #expect(facts.gameVersion == "323")
        #expect(facts.statNames.count == 101)
        #expect(facts.statNames.first == "Scout.accum.iBuildingsDestroyed")
        #expect(facts.achievementNames.count == 130)
        #expect(facts.achievementNames.first == "TF_PLAY_GAME_EVERYCLASS")
    }

    @Test func resolveVanityMatchWithAnInvalidID() throws {
        let result = try F.decode("steam/steam-web-api-java__ResolveVanityURLMatch.json")
        #expect(F.codesAndLines(result.diagnostics) == ["steamid.invalid@1"])
        guard case .vanityResolution(let facts) = try onlyContent(result) else { Issue.record("not a vanity resolution"); return }
        #expect(facts == VanityResolutionFacts(success: 1, steamIDText: "123456789"))
    }

    @Test func resolveVanityNoMatch() throws {
        let result = try F.decode("steam/steam-web-api-java__ResolveVanityURLNoMatch.json")
        #expect(result.diagnostics.isEmpty)
        guard case .vanityResolution(let facts) = try onlyContent(result) else { Issue.record("not a vanity resolution"); return }
        #expect(facts == VanityResolutionFacts(success: 42, message: "No match"))
    }

    @Test func xmlFixturesAreNotJSON() throws {
        // Routed here by mistake, an XML file is a clean syntax error, not a crash.
        let result = try F.decode("steam/steam-condenser-java__invalid.xml")
        #expect(result.documents.isEmpty)
        #expect(F.codesAndLines(result.diagnostics) == ["json.syntax@1"])
    }

    // MARK: - Synthetic cases (Fixtures/synthetic/json/README.md)

    @Test func ownedGames2025FieldSet() throws {
        let result = try F.decode("synthetic/json/owned-games-2025.json")
        #expect(result.diagnostics.isEmpty)
        let facts = try library(try onlyContent(result))
        #expect(facts.kind == .ownedGames)
        #expect(facts.reportedCount == 3)
        #expect(facts.games == [
            GameFacts(appID: 570, name: "Dota 2", minutesTotal: 123_456, lastPlayed: 1_745_836_800),
            GameFacts(appID: 1_245_620, name: "ELDEN RING", minutesTotal: 5012, minutes2Weeks: 95, lastPlayed: 1_745_000_000),
            GameFacts(appID: 440, minutesTotal: 0),
        ])
    }

    @Test func emptyResponseIsAnUnknownLibraryNotNoGames() throws {
        let result = try F.decode("synthetic/json/empty-response.json")
        #expect(F.codesAndLines(result.diagnostics) == ["json.emptyResponse@1"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .note })
        let facts = try library(try onlyContent(result))
        #expect(facts.kind == .ownedGames)
        #expect(facts.games == nil)
        #expect(facts.reportedCount == nil)
    }

    @Test func zeroGamesIsAnEmptyLibrary() throws {
        let facts = try library(try onlyContent(F.decode(text: #"{"response":{"game_count":0}}"#)))
        #expect(facts.games == [])
        #expect(facts.reportedCount == 0)
    }

    @Test func truncatedJSON() throws {
        let result = try F.decode("synthetic/json/truncated.json")
        #expect(result.documents.isEmpty)
        #expect(F.codesAndLines(result.diagnostics) == ["json.truncated@6"])
        #expect(result.diagnostics.first?.location?.column == 21)
        #expect(result.diagnostics.first?.location?.file == "synthetic/json/truncated.json")
    }

    @Test func invalidUTF8() throws {
        let result = try F.decode("synthetic/json/invalid-utf8.json")
        #expect(result.documents.isEmpty)
        #expect(F.codesAndLines(result.diagnostics) == ["json.encoding@6"])
    }

    @Test func trailingGarbage() throws {
        let result = try F.decode("synthetic/json/trailing-garbage.json")
        #expect(result.documents.isEmpty)
        #expect(F.codesAndLines(result.diagnostics) == ["json.syntax@6"])
    }

    @Test func invalidSteamIDInFriendListSkipsOnlyThatFriend() throws {
        let result = try F.decode("synthetic/json/friendlist-invalid-steamid.json")
        #expect(F.codesAndLines(result.diagnostics) == ["steamid.invalid@10"])
        #expect(result.diagnostics.first?.severity == .error)
        let list = try #require(try friends(try onlyContent(result)).friends)
        #expect(list == [
            FriendFacts(steamID: F.id("76561197960265731")),
            FriendFacts(steamID: F.id("76561197960265740"), friendSince: 1_400_000_000),
        ])
    }

    @Test func ownerMismatchDropsTheDocument() throws {
        let result = try F.decode("synthetic/json/player-achievements-owner.json", owner: F.id("76561197960435530"))
        #expect(result.documents.isEmpty)
        #expect(F.codesAndLines(result.diagnostics) == ["document.ownerMismatch@3"])
        let matching = try F.decode("synthetic/json/player-achievements-owner.json", owner: F.id("76561197960287930"))
        #expect(matching.diagnostics.isEmpty)
        guard case .playerAchievements(let facts) = try onlyContent(matching) else { Issue.record("not achievements"); return }
        #expect(facts.owner == F.id("76561197960287930"))
        #expect(facts.achievements == [
            .init(apiName: "ACH_SURVIVE_CONTAINER_RIDE", achieved: true, unlockTime: 1_303_184_282),
            .init(apiName: "ACH_WAKE_UP", achieved: false),
        ])
    }

    @Test func ownerMismatchOnASinglePlayerSummary() throws {
        let result = try F.decode("steam/steam-web-api-java__GetPlayerSummaries.json", owner: F.id("76561197960287930"))
        #expect(result.documents.isEmpty)
        #expect(F.codesAndLines(result.diagnostics) == ["document.ownerMismatch@5"])
    }

    @Test func failedAchievementsHaveNoList() throws {
        let result = try F.decode("synthetic/json/player-achievements-failed.json")
        #expect(result.diagnostics.isEmpty)
        guard case .playerAchievements(let facts) = try onlyContent(result) else { Issue.record("not achievements"); return }
        #expect(facts.achievements == nil)
        #expect(facts.error == "Profile is not public")
    }

    @Test func barePlayerObject() throws {
        let result = try F.decode("synthetic/json/bare-player.json")
        #expect(result.diagnostics.isEmpty)
        let profiles = try players(try onlyContent(result))
        try #require(profiles.count == 1)
        #expect(profiles[0].steamID == F.id("76561198005755687"))
        #expect(profiles[0].visibility == .private)
        #expect(profiles[0].personaName == "Private Person")
        #expect(profiles[0].customURL == nil)
        #expect(profiles[0].primaryGroupID == nil)
        #expect(profiles[0].country == "DE")
        #expect(profiles[0].state == "07")
        #expect(profiles[0].cityID == 11250)
    }

    @Test func playerBans2021() throws {
        let result = try F.decode("synthetic/json/player-bans-2021.json")
        guard case .playerBans(let bans) = try onlyContent(result) else { Issue.record("not bans"); return }
        #expect(bans.count == 1)
        #expect(bans[0].gameBanCount == 1)
        #expect(bans[0].vacBanned == true)
        #expect(bans[0].vacBanCount == 2)
        #expect(bans[0].daysSinceLastBan == 380)
        #expect(bans[0].economyBan == "probation")
    }

    @Test func kindComesFromKeysNotTheFileName() throws {
        let result = try F.decode("synthetic/json/recently-played-named-owned.json")
        let facts = try library(try onlyContent(result))
        #expect(facts.kind == .recentlyPlayed)
        #expect(facts.reportedCount == 1)
        #expect(facts.games == [GameFacts(appID: 730, name: "Counter-Strike 2", minutesTotal: 4000, minutes2Weeks: 60)])
    }

    @Test func unknownShapes() throws {
        let unknown = try F.decode("synthetic/json/unknown-shape.json")
        #expect(unknown.documents.isEmpty)
        #expect(F.codesAndLines(unknown.diagnostics) == ["json.unknownKind@1"])
        let array = F.decode(text: "[1, 2]")
        #expect(F.codesAndLines(array.diagnostics) == ["json.unknownKind@1"])
        let strangeResponse = F.decode(text: "{\n\"response\": {\"applist\": []}}")
        #expect(F.codesAndLines(strangeResponse.diagnostics) == ["json.unknownKind@2"])
    }

    @Test func steamLevel() throws {
        guard case .steamLevel(let owner, let level) = try onlyContent(try F.decode("synthetic/json/steam-level.json")) else {
            Issue.record("not a level"); return
        }
        #expect(owner == nil)
        #expect(level == 232)
    }

    @Test func percentAsNumericString() throws {
        guard case .globalAchievementPercentages(let facts) = try onlyContent(try F.decode("synthetic/json/global-percentages-strings.json")) else {
            Issue.record("not percentages"); return
        }
        #expect(facts.entries == [.init(name: "ACH_A", percent: 71.5), .init(name: "ACH_B", percent: 3.25)])
    }

    @Test func emptySchema() throws {
        guard case .gameSchema(let facts) = try onlyContent(try F.decode("synthetic/json/schema-empty.json")) else {
            Issue.record("not a schema"); return
        }
        #expect(facts == GameSchemaFacts())
    }

    @Test func wrongValueTypesAreReportedAndTheEntryOrFieldDropped() {
        let text = """
        {"response": {"game_count": 3, "games": [
          {"appid": "570", "playtime_forever": 1.5},
          {"appid": -4, "playtime_forever": 2},
          {"name": "no id"},
          {"appid": 99999999999, "playtime_forever": 3},
          {"appid": 10, "playtime_forever": 99999999999999999999}
        ]}}
        """
        let result = F.decode(text: text)
        #expect(F.codesAndLines(result.diagnostics) == [
            "json.unexpectedType@2", "appid.invalid@3", "json.missingField@4", "appid.invalid@5", "json.numberOutOfRange@6",
        ])
        guard case .gameLibrary(let facts)? = result.documents.first?.content else { Issue.record("not a library"); return }
        #expect(facts.games == [GameFacts(appID: 570), GameFacts(appID: 10)])
    }

    @Test func byteOrderMarkIsTolerated() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"response":{"player_level":5}}"#.utf8)
        let log = DiagnosticLog()
        let documents = JSONDocumentDecoder.decode(bytes: bytes, origin: DocumentOrigin(file: "bom.json"), diagnostics: log)
        #expect(documents.count == 1)
        #expect(log.all.isEmpty)
    }

    @Test func routedThroughDocumentDecoder() throws {
        let log = DiagnosticLog()
        let documents = DocumentDecoder.decode(bytes: try F.bytes("steam/steam-web-api-java__GetOwnedGames.json"),
                                               origin: DocumentOrigin(file: "players/76561197960435530/owned.json"), diagnostics: log)
        #expect(documents.count == 1)
        #expect(log.all.isEmpty)
    }
}

@Suite struct JSONDocumentDecoderRobustnessTests {
    @Test(arguments: ["steam/steam-web-api-java__GetPlayerSummaries.json", "steam/steam-web-api-java__GetRecentlyPlayedGames.json",
                      "synthetic/json/owned-games-2025.json", "synthetic/json/friendlist-invalid-steamid.json",
                      "steam/steam-condenser-java__getPlayerAchievements.v1.json", "steam/steam-web-api-java__ResolveVanityURLMatch.json"])
    /// A cut-off file is reported by `json.truncated` alone, even when a finding (an invalid id) came before the cut.
    func everyStrictPrefixIsTruncated(path: String) throws {
        let bytes = try F.bytes(path)
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        for length in 0..<end {
            let log = DiagnosticLog()
            let documents = JSONDocumentDecoder.decode(bytes: Array(bytes[..<length]), origin: DocumentOrigin(file: path), diagnostics: log)
            #expect(documents.isEmpty)
            #expect(log.all.map(\.code) == ["json.truncated"], "prefix of \(length) bytes")
        }
    }
}
