import Ingest
import PipelineCore
import PlayerModel
import Testing

/// The real Steam XML samples of `Fixtures/steam` (values from its SOURCES.md and the files themselves).
@Suite struct XMLDocumentDecoderTests {
    static let steam = "steam/steam-condenser-java__"

    @Test func gamesListHas285GamesWith99HoursOnRecordAnd4TwoWeekFigures() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "gutomaia-games.xml")
        #expect(diagnostics.isEmpty)
        let document = try #require(documents.first)
        #expect(documents.count == 1)
        #expect(document.origin.line == nil)
        guard case .gameLibrary(let library) = document.content else {
            Issue.record("expected a game library, got \(document.content)")
            return
        }
        #expect(library.kind == .gamesXML)
        #expect(library.owner == SteamID64("76561197985077150"))
        let games = try #require(library.games)
        #expect(games.count == 285)
        #expect(games.filter { ($0.minutesTotal ?? -1) > 0 }.count == 99)
        #expect(games.allSatisfy { $0.minutesTotal != nil }, "a missing hoursOnRecord is 0 minutes, not unknown")
        #expect(games.compactMap(\.minutes2Weeks).count == 4)
        // Sums checked independently (Python, Decimal half-up): Σ round(h × 60).
        #expect(games.compactMap(\.minutesTotal).reduce(0, +) == 71580)
        #expect(games.compactMap(\.minutes2Weeks).reduce(0, +) == 1530)
        #expect(games[0] == GameFacts(appID: 440, name: "Team Fortress 2", minutesTotal: 35382, minutes2Weeks: 810))
        #expect(games.last?.appID == 31410)
        #expect(games.contains { $0.name == "Beyond Good & Evil" })
    }

    @Test func friendsListHas30Ids() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "gutomaia-friends.xml")
        #expect(diagnostics.isEmpty)
        guard case .friendList(let list)? = documents.first?.content else {
            Issue.record("expected a friend list")
            return
        }
        #expect(list.owner == SteamID64("76561197985077150"))
        let friends = try #require(list.friends)
        #expect(friends.count == 30)
        #expect(friends.first?.steamID == SteamID64("76561198005893468"))
        #expect(friends.last?.steamID == SteamID64("76561198029691735"))
        #expect(friends.allSatisfy { $0.friendSince == nil })
    }

    @Test func valveMemberListHas239MembersAndGroupDetails() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "valve-members.xml")
        #expect(diagnostics.isEmpty)
        guard case .memberList(let list)? = documents.first?.content else {
            Issue.record("expected a member list")
            return
        }
        #expect(list.group.groupID == GroupID64("103582791429521412"))
        #expect(list.group.name == "Valve")
        #expect(list.group.url == "Valve")
        #expect(list.group.headline == "VALVE")
        #expect(list.group.memberCount == 239)
        #expect(list.members.count == 239)
        #expect(list.members.first == SteamID64("76561197985607672"))
        #expect(list.members.last == SteamID64("76561198086572943"))
        #expect(list.currentPage == 1)
        #expect(list.totalPages == 1)
    }

    @Test func gutonetMemberListHasOneMemberAndNoGroupDetails() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "gutonet-memberslistxml.xml")
        #expect(diagnostics.isEmpty)
        guard case .memberList(let list)? = documents.first?.content else {
            Issue.record("expected a member list")
            return
        }
        #expect(list.group.groupID == GroupID64("103582791432627990"))
        #expect(list.group.name == nil)
        #expect(list.group.memberCount == 1, "falls back to the top-level memberCount")
        #expect(list.members == [SteamID64("76561197985077150")!])
    }

    @Test func gutomaiaProfileIsPublicWithFriendsGroupsAndMostPlayedGames() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "gutomaia-steamid.xml")
        #expect(diagnostics.isEmpty)
        guard case .profile(let profile)? = documents.first?.content else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile.steamID == SteamID64("76561197985077150"))
        #expect(profile.personaName == "gutomaia")
        #expect(profile.visibility == .public)
        #expect(profile.customURL == "gutomaia")
        #expect(profile.memberSince == "2006-09-20")
        #expect(profile.locationText == "Salvador, Bahia, Brazil")
        #expect(profile.realName == nil, "an empty CDATA is not set")
        #expect(profile.summary == nil, "'No information given.' is a placeholder")
        #expect(profile.vacBanned == false)
        #expect(profile.tradeBanState == "None")
        #expect(profile.isLimitedAccount == false)

        let games = try #require(profile.mostPlayedGames)
        #expect(games == [
            GameFacts(appID: 440, name: "Team Fortress 2", minutesTotal: 35382, minutes2Weeks: 810),
            GameFacts(appID: 35010, name: "Batman: Arkham Asylum", minutesTotal: 1050, minutes2Weeks: 648),
            GameFacts(appID: 21660, name: "Street Fighter IV", minutesTotal: 1542, minutes2Weeks: 42),
        ])

        let friends = try #require(profile.friends)
        #expect(friends.count == 6)
        #expect(friends[0] == FriendFacts(steamID: SteamID64("76561197996267985")!, friendSince: 1_249_540_027))
        #expect(friends[4].friendSince == nil, "friendsSince 0 means unknown")

        let groups = try #require(profile.groups)
        #expect(groups.count == 5)
        #expect(groups[1] == GroupFacts(groupID: GroupID64("103582791429804050")!, name: "Rest of World", url: "restofworld",
                                        headline: "Show publishers you want fair global distribution!", memberCount: 12254,
                                        isPrimary: true))
        #expect(groups[0].headline == nil)
        #expect(profile.primaryGroupID == GroupID64("103582791429804050"))
    }

    @Test func invalidFixtureHasAnUnknownRoot() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "invalid.xml")
        #expect(documents.isEmpty)
        #expect(diagnostics.map(\.code) == ["xml.unknownRoot"])
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location?.line == 2)
        #expect(diagnostics.first?.location?.path == "/test")
    }

    @Test(arguments: ["gutomaia-games.xml", "gutomaia-friends.xml", "valve-members.xml", "gutonet-memberslistxml.xml",
                      "gutomaia-steamid.xml", "invalid.xml"])
    func streamingAFileGivesWhatDecodingItsBytesGives(_ name: String) throws {
        let fromMemory = try XMLFixture.decode(Self.steam + name)
        let fromFile = XMLFixture.decodeFile(Self.steam + name)
        #expect(fromFile.diagnostics == fromMemory.diagnostics)
        #expect(fromFile.documents.map { "\($0.content)" } == fromMemory.documents.map { "\($0.content)" })
        #expect(fromFile.documents.map(\.origin) == fromMemory.documents.map(\.origin))
    }

    @Test func ownerFromTheOriginIsAcceptedWhenItMatches() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.steam + "gutomaia-friends.xml", owner: SteamID64("76561197985077150"))
        #expect(diagnostics.isEmpty)
        #expect(documents.count == 1)
    }
}
