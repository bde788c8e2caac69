import Ingest
import PipelineCore
import PlayerModel
import Testing

/// Hand-made cases of `Fixtures/synthetic/xml` (labelled synthetic in its README): every malformed or
/// unusual form asserts its diagnostic code and line.
@Suite struct XMLDocumentDecoderSyntheticTests {
    static func file(_ name: String) -> String { "synthetic/xml/" + name }

    /// The one diagnostic of a decode, as `code@line`.
    static func codesAndLines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code)@\($0.location?.line.map(String.init) ?? "-")" }
    }

    @Test func emptyFileIsInputEmpty() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("empty.xml"))
        #expect(documents.isEmpty)
        #expect(Self.codesAndLines(diagnostics) == ["input.empty@1"])
        let streamed = XMLFixture.decodeFile(Self.file("empty.xml"))
        #expect(Self.codesAndLines(streamed.diagnostics) == ["input.empty@1"])
    }

    @Test func mismatchedTagIsMalformedAtItsLine() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("mismatched-tag.xml"))
        #expect(documents.isEmpty, "no partial document is trusted")
        #expect(Self.codesAndLines(diagnostics) == ["xml.malformed@6"])
        #expect(diagnostics.first?.message.contains("Opening and ending tag mismatch") == true)
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func doctypeWithAnEntityIsRejectedNotExpanded() throws {
        for (documents, diagnostics) in [try XMLFixture.decode(Self.file("doctype-entity.xml")),
                                         XMLFixture.decodeFile(Self.file("doctype-entity.xml"))] {
            #expect(documents.isEmpty)
            #expect(Self.codesAndLines(diagnostics) == ["xml.doctype@2"])
            #expect(!diagnostics.contains { $0.message.contains("BOOM") })
        }
    }

    @Test func invalidUTF8ByteIsAnEncodingError() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("invalid-utf8.xml"))
        #expect(documents.isEmpty)
        #expect(Self.codesAndLines(diagnostics) == ["xml.encoding@4"])
        #expect(diagnostics.first?.message.contains("UTF-8") == true)
    }

    @Test func steamID12345RejectsTheProfile() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("invalid-steamid-12345.xml"))
        #expect(documents.isEmpty)
        #expect(Self.codesAndLines(diagnostics) == ["steamid.invalid@3"])
        #expect(diagnostics.first?.location?.path == "/profile/steamID64")
    }

    @Test func steamID123456789DropsOnlyThatFriend() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("invalid-steamid-123456789.xml"))
        #expect(Self.codesAndLines(diagnostics) == ["steamid.invalid@6"])
        #expect(diagnostics.first?.location?.path == "/friendsList/friends/friend[2]")
        guard case .friendList(let list)? = documents.first?.content else {
            Issue.record("expected the friend list to stand")
            return
        }
        #expect(list.friends?.map(\.steamID.rawValue) == [76_561_198_005_893_468, 76_561_198_013_428_597])
    }

    @Test func ownerMismatchDropsTheDocument() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("private-profile.xml"), owner: SteamID64("76561197960435530"))
        #expect(documents.isEmpty)
        #expect(Self.codesAndLines(diagnostics) == ["document.ownerMismatch@3"])
    }

    @Test func privateProfileIsNotAnError() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("private-profile.xml"))
        #expect(diagnostics.isEmpty)
        guard case .profile(let profile)? = documents.first?.content else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile.steamID == SteamID64("76561197960287930"))
        #expect(profile.personaName == "Rabscuttle")
        #expect(profile.visibility == .private)
        #expect(profile.tradeBanState == "None")
        #expect(profile.groups == nil && profile.friends == nil && profile.mostPlayedGames == nil && profile.memberSince == nil)
    }

    @Test func privacyMessageProfileIsPrivateWithoutAPersonaName() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("privacy-message.xml"))
        #expect(diagnostics.isEmpty)
        guard case .profile(let profile)? = documents.first?.content else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile.steamID == SteamID64("76561197960435530"))
        #expect(profile.visibility == .private)
        #expect(profile.personaName == nil)
    }

    @Test func responseErrorIsAnErrorResponse() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("response-error.xml"))
        #expect(diagnostics.isEmpty)
        guard case .errorResponse(let message)? = documents.first?.content else {
            Issue.record("expected an error response")
            return
        }
        #expect(message == "The specified profile could not be found.")
    }

    @Test func hoursWithThousandsSeparatorsBecomeMinutes() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("hours-thousands.xml"))
        #expect(Self.codesAndLines(diagnostics) == ["value.invalid@25"])
        #expect(diagnostics.first?.severity == .warning)
        guard case .gameLibrary(let library)? = documents.first?.content else {
            Issue.record("expected a game library")
            return
        }
        let games = try #require(library.games)
        #expect(games.map(\.appID) == [440, 570, 620, 730])
        #expect(games[0].minutesTotal == 61980)
        #expect(games[0].minutes2Weeks == 738)
        #expect(games[1].minutesTotal == 74070)
        #expect(games[2].minutesTotal == 0, "a missing hoursOnRecord is 0 minutes")
        #expect(games[3].minutesTotal == nil, "an unparseable value is left empty")
    }

    @Test func memberSinceWithOrdinalSuffixAndOtherPublicFields() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("member-since-ordinal.xml"))
        #expect(diagnostics.isEmpty)
        guard case .profile(let profile)? = documents.first?.content else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile.memberSince == "2003-09-24")
        #expect(profile.customURL == nil)
        #expect(profile.summary == "Hello<br />world &quot;quoted&quot;")
        #expect(profile.mostPlayedGames == [
            GameFacts(appID: 320, name: "Half-Life 2: Deathmatch", minutesTotal: 61980, minutes2Weeks: 6),
            GameFacts(appID: 252950, name: "No link, icon only", minutesTotal: 615, minutes2Weeks: 120),
        ])
        #expect(profile.groups?.map(\.groupID.rawValue) == [103_582_791_429_521_412, 103_582_791_429_521_413, 103_582_791_429_521_414])
        #expect(profile.groups?.first?.memberCount == 239)
        #expect(profile.groups?.last?.name == nil, "a bare entry has only its id")
        #expect(profile.primaryGroupID == GroupID64("103582791429521413"))
    }

    @Test func missingFriendsBlockIsUnknownNotEmpty() throws {
        let (documents, diagnostics) = try XMLFixture.decode(Self.file("friends-missing.xml"))
        #expect(diagnostics.isEmpty)
        guard case .friendList(let list)? = documents.first?.content else {
            Issue.record("expected a friend list")
            return
        }
        #expect(list.owner == SteamID64("76561197985077150"))
        #expect(list.friends == nil)
    }

    @Test func bundleOfThreeProfilesKeepsTheTwoGoodOnes() {
        let (documents, diagnostics) = XMLFixture.decodeFile(Self.file("bundle-three-profiles.xml"))
        #expect(Self.codesAndLines(diagnostics) == ["steamid.invalid@9"])
        #expect(diagnostics.first?.location?.path == "/profiles/profile[2]/steamID64")
        let ids: [UInt64] = documents.compactMap {
            if case .profile(let profile) = $0.content { return profile.steamID.rawValue }
            return nil
        }
        #expect(ids == [76_561_197_960_287_930, 76_561_197_960_435_530])
        #expect(documents.map(\.origin.provenance) == [Self.file("bundle-three-profiles.xml") + ":3",
                                                        Self.file("bundle-three-profiles.xml") + ":13"])
    }

    @Test func bundleStoppedByMalformedChildKeepsEarlierDocuments() {
        let (documents, diagnostics) = XMLFixture.decodeFile(Self.file("bundle-malformed-tail.xml"))
        #expect(Self.codesAndLines(diagnostics).last == "xml.malformed@26")
        #expect(diagnostics.filter { $0.severity == .error }.count == 1)
        #expect(documents.map(\.origin.line) == [3, 9, 13])
        guard case .friendList(let second)? = documents.dropFirst().first?.content else {
            Issue.record("expected the second friend list")
            return
        }
        #expect(second.friends == nil)
    }
}
