import Ingest
import PipelineCore
import PlayerModel
import Testing

/// Small inline (synthetic) documents for the rules that need no fixture file.
@Suite struct XMLDocumentDecoderEdgeCaseTests {
    static func decode(_ xml: String, owner: SteamID64? = nil) -> (documents: [IngestedDocument], diagnostics: [String]) {
        let log = DiagnosticLog()
        let documents = XMLDocumentDecoder.decode(bytes: Array(xml.utf8), origin: DocumentOrigin(file: "inline.xml", owner: owner),
                                                  diagnostics: log)
        return (documents, log.all.map { "\($0.severity.rawValue) \($0.code)@\($0.location?.line ?? 0)" })
    }

    @Test func profileWithoutSteamID64TakesTheOwnerFromItsOrigin() {
        let xml = "<profile>\n<steamID><![CDATA[x]]></steamID>\n<privacyState>public</privacyState>\n</profile>"
        let owned = Self.decode(xml, owner: SteamID64("76561197960287930"))
        #expect(owned.diagnostics.isEmpty)
        guard case .profile(let profile)? = owned.documents.first?.content else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile.steamID == SteamID64("76561197960287930"))
        #expect(profile.visibility == .public)
        let orphan = Self.decode(xml)
        #expect(orphan.documents.isEmpty)
        #expect(orphan.diagnostics == ["error xml.missingSteamID64@1"])
    }

    @Test func emptySteamID64IsMissing() {
        let result = Self.decode("<profile>\n\t<steamID64></steamID64>\n</profile>", owner: SteamID64("76561197960287930"))
        #expect(result.documents.isEmpty)
        #expect(result.diagnostics == ["error xml.missingSteamID64@2"])
    }

    @Test func errorInsideAProfileIsAnErrorResponse() {
        let result = Self.decode("<profile><error><![CDATA[The specified profile could not be found.]]></error></profile>")
        #expect(result.diagnostics.isEmpty)
        guard case .errorResponse(let message)? = result.documents.first?.content else {
            Issue.record("expected an error response")
            return
        }
        #expect(message == "The specified profile could not be found.")
    }

    @Test func memberListWithABadGroupIDIsDropped() {
        let result = Self.decode("<memberList>\n<groupID64>12345</groupID64>\n<members><steamID64>76561197985077150</steamID64></members>\n</memberList>")
        #expect(result.documents.isEmpty)
        #expect(result.diagnostics == ["error groupid.invalid@2"])
    }

    @Test func gameWithoutAppIDIsSkippedAndTheLibraryStands() {
        let result = Self.decode("""
            <gamesList>
            <steamID64>76561197985077150</steamID64>
            <games>
            <game><name>No id</name><hoursOnRecord>1.0</hoursOnRecord></game>
            <game><appID>440</appID><hoursOnRecord>0.5</hoursOnRecord></game>
            </games>
            </gamesList>
            """)
        #expect(result.diagnostics == ["error appid.invalid@4"])
        guard case .gameLibrary(let library)? = result.documents.first?.content else {
            Issue.record("expected a game library")
            return
        }
        #expect(library.games == [GameFacts(appID: 440, minutesTotal: 30)])
    }

    @Test func unparseableValuesWarnAndStayEmpty() {
        let result = Self.decode("""
            <profile>
            <steamID64>76561197985077150</steamID64>
            <privacyState>secret</privacyState>
            <visibilityState>3</visibilityState>
            <vacBanned>maybe</vacBanned>
            <memberSince>Smarch 13, 2006</memberSince>
            </profile>
            """)
        #expect(result.diagnostics == ["warning value.invalid@3", "warning value.invalid@5", "warning value.invalid@6"])
        guard case .profile(let profile)? = result.documents.first?.content else {
            Issue.record("expected a profile")
            return
        }
        #expect(profile.visibility == .public, "visibilityState 3 decides when privacyState is unreadable")
        #expect(profile.vacBanned == nil)
        #expect(profile.memberSince == nil)
    }

    @Test func bundleCountsItsNonSteamChildrenInOneWarning() {
        let result = Self.decode("""
            <export>
            <meta>2025</meta>
            <friendsList><steamID64>76561197985077150</steamID64><friends/></friendsList>
            <meta>again</meta>
            </export>
            """)
        #expect(result.diagnostics == ["warning xml.unknownBundleEntry@2"])
        guard case .friendList(let list)? = result.documents.first?.content else {
            Issue.record("expected a friend list")
            return
        }
        #expect(list.friends == [], "an empty <friends/> is known to be empty")
        #expect(result.documents.first?.origin.line == 3)
    }

    @Test func trailingGarbageFailsASingleDocument() {
        let result = Self.decode("<friendsList><steamID64>76561197985077150</steamID64></friendsList>\n<extra/>")
        #expect(result.documents.isEmpty, "no partial result is trusted once libxml2 fails")
        #expect(result.diagnostics == ["error xml.malformed@2"])
    }

    @Test func ownerMismatchInAGamesList() {
        let result = Self.decode("<gamesList>\n<steamID64>76561197985077150</steamID64>\n</gamesList>", owner: SteamID64("76561197960287930"))
        #expect(result.documents.isEmpty)
        #expect(result.diagnostics == ["error document.ownerMismatch@2"])
    }
}
