import Ingest
import PipelineCore
import PlayerModel
import Testing

private typealias F = JSONTestFixtures

@Suite struct JSONLinesDecoderTests {
    /// `"steamid": null` in an envelope means "no owner hint": the line is kept and takes the owner from its context.
    @Test func nullSteamIDIsAnAbsentOwnerHint() {
        let line = #"{"steamid":null,"source":"GetOwnedGames","body":{"response":{"game_count":1,"games":[{"appid":570,"playtime_forever":10}]}}}"#
        let result = F.decodeLines(Array((line + "\n").utf8), file: "players/76561197960435530/b.jsonl", owner: F.id("76561197960435530"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.documents.count == 1)
        #expect(result.documents.first?.origin.owner == F.id("76561197960435530"))
    }

    @Test func bundleWithOneNonJSONLine() throws {
        let result = F.decodeLines(try F.bytes("synthetic/json/bundle-5-lines.jsonl"), file: "bundles/b.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["json.syntax@3"])
        #expect(result.diagnostics.first?.location?.file == "bundles/b.jsonl")
        #expect(result.diagnostics.first?.location?.column == 1)
        #expect(result.documents.map(\.origin.line) == [1, 2, 4, 5])

        let owned = result.documents[0]
        #expect(owned.origin.owner == F.id("76561197960435530"))
        #expect(owned.origin.declaredKind == "GetOwnedGames")
        #expect(owned.origin.fetchedAt == "2025-04-28T10:00:00Z")
        #expect(owned.origin.provenance == "bundles/b.jsonl:1")
        guard case .gameLibrary(let library) = owned.content else { Issue.record("line 1 is not a library"); return }
        #expect(library.games == [GameFacts(appID: 570, minutesTotal: 10)])

        guard case .friendList(let friends) = result.documents[1].content else { Issue.record("line 2 is not friends"); return }
        #expect(friends.friends == [FriendFacts(steamID: F.id("76561197960265731"))])

        let schema = result.documents[2]
        #expect(schema.origin.appID == 440)
        #expect(schema.origin.owner == nil)
        guard case .gameSchema(let facts) = schema.content else { Issue.record("line 4 is not a schema"); return }
        #expect(facts.gameVersion == "323")

        // Line 5: `body` before `steamid`, no final newline.
        let summary = result.documents[3]
        #expect(summary.origin.owner == F.id("76561197960287930"))
        #expect(summary.origin.fetchedAt == "2025-04-28T10:00:03Z")
        guard case .playerSummaries(let players) = summary.content else { Issue.record("line 5 is not summaries"); return }
        #expect(players.map(\.personaName) == ["Gabe"])
    }

    @Test func firstLineOffsetsTheLineNumbers() throws {
        let result = F.decodeLines(try F.bytes("synthetic/json/bundle-5-lines.jsonl"), file: "b.jsonl", firstLine: 101)
        #expect(F.codesAndLines(result.diagnostics) == ["json.syntax@103"])
        #expect(result.documents.map(\.origin.line) == [101, 102, 104, 105])
    }

    @Test func truncatedAndUnknownLines() {
        let text = """
        {"body":{"response":{"player_level":3}}}

        {"body":{"response":{"player_level":
        [1,2]
        {"steamid":"76561197960435530","note":"no body"}
        {"body":{"response":{"player_level":4}}} trailing
        {"body":{"applist":{}}}
        """
        let result = F.decodeLines(Array(text.utf8), file: "x.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == [
            "json.truncated@3", "json.unknownKind@4", "json.unknownKind@5", "json.syntax@6", "json.unknownKind@7",
        ])
        #expect(result.documents.map(\.origin.line) == [1])
    }

    @Test func aBrokenLineIsReportedByItsGrammarErrorAlone() {
        let text = """
        {"body":{"friendslist":{"friends":[{"steamid":"12345"}]}}} x
        {"body":{"friendslist":{"friends":[{"steamid":"12345"}]}}}
        """
        let result = F.decodeLines(Array(text.utf8), file: "x.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["json.syntax@1", "steamid.invalid@2"])
        #expect(result.diagnostics.first?.location?.column == 60)
        #expect(result.documents.map(\.origin.line) == [2])
    }

    @Test func invalidUTF8OnALine() {
        let bytes = Array(#"{"body":{"response":{"player_level":3}}}"#.utf8) + [0x0A]
            + Array(#"{"body":{"game":{"gameName":"#.utf8) + [0x22, 0xC3, 0x28, 0x22] + Array("}}}\n".utf8)
        let result = F.decodeLines(bytes, file: "x.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["json.encoding@2"])
        #expect(result.documents.count == 1)
    }

    @Test func envelopeOwnerChecks() {
        let text = """
        {"steamid":"76561197960435530","body":{"playerstats":{"steamID":"76561197960287930","success":true}}}
        {"steamid":"76561197960287930","body":{"response":{"player_level":3}}}
        {"steamid":"12345","body":{"response":{"player_level":3}}}
        {"steamid":"76561197960435530","appid":0,"body":{"response":{"player_level":3}}}
        {"steamid":"76561197960435530","body":{"response":{"player_level":9}}}
        """
        let result = F.decodeLines(Array(text.utf8), file: "players/76561197960435530/bundle.jsonl", owner: F.id("76561197960435530"))
        #expect(F.codesAndLines(result.diagnostics) == [
            "document.ownerMismatch@1", "document.ownerMismatch@2", "steamid.invalid@3", "appid.invalid@4",
        ])
        #expect(result.documents.map(\.origin.line) == [5])
        #expect(result.documents.first?.origin.owner == F.id("76561197960435530"))
    }

    @Test func envelopeWithoutSteamIDTakesTheContextOwner() {
        let result = F.decodeLines(Array(#"{"body":{"friendslist":{"friends":[]}}}"#.utf8), file: "players/76561197960435530/f.jsonl",
                                   owner: F.id("76561197960435530"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.documents.first?.origin.owner == F.id("76561197960435530"))
        guard case .friendList(let facts)? = result.documents.first?.content else { Issue.record("not friends"); return }
        #expect(facts.friends == [])
    }

    @Test func declaredSourceIsCrossChecked() {
        let text = """
        {"source":"GetRecentlyPlayedGames","body":{"response":{"game_count":0}}}
        {"source":"GetRecentlyPlayedGames","body":{"response":{}}}
        {"source":"SomethingNew","body":{"response":{"player_level":1}}}
        """
        let result = F.decodeLines(Array(text.utf8), file: "x.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["document.kindMismatch@1", "json.emptyResponse@2"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.documents.count == 3)
    }

    @Test func diagnosticsInsideABodyPointAtTheBundleLine() {
        let text = """
        {"body":{"response":{"players":[{"steamid":"76561197960435530","personaname":"a"}]}}}
        {"body":{"friendslist":{"friends":[{"steamid":"123456789"},{"steamid":"76561197960435530"}]}}}
        """
        let result = F.decodeLines(Array(text.utf8), file: "x.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["steamid.invalid@2"])
        guard case .friendList(let facts)? = result.documents.last?.content else { Issue.record("not friends"); return }
        #expect(facts.friends?.count == 1)
    }

    @Test func preferencesLines() throws {
        let result = F.decodeLines(try F.bytes("synthetic/json/preferences.jsonl"), file: "preferences.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == [
            "preferences.invalid@3", "preferences.invalid@3",
            "steamid.invalid@4",
            "preferences.invalid@5",
            "preferences.invalid@6", "preferences.invalid@6", "preferences.invalid@6",
        ])
        #expect(result.documents.map(\.origin.line) == [1, 3, 6])

        guard case .preferences(let first) = result.documents[0].content else { Issue.record("line 1"); return }
        #expect(first == PreferencesFacts(
            steamID: F.id("76561198000000001"), favoriteAppIDs: [570, 730], maxDistanceKm: 100, anywhere: false,
            languages: ["en", "de"], timeZone: "Europe/Berlin",
            windows: [.init(day: 0, startHour: 18, endHour: 23), .init(day: 5, startHour: 22, endHour: 2)],
            updatedAt: "2025-04-28T10:00:00Z"))
        #expect(result.documents[0].origin.owner == F.id("76561198000000001"))

        guard case .preferences(let third) = result.documents[1].content else { Issue.record("line 3"); return }
        #expect(third.anywhere)
        #expect(third.timeZone == "UTC")
        #expect(third.windows == [.init(day: 2, startHour: 9, endHour: 17)])

        guard case .preferences(let sixth) = result.documents[2].content else { Issue.record("line 6"); return }
        #expect(sixth.favoriteAppIDs == [570])
        #expect(sixth.maxDistanceKm == nil)
    }

    @Test func preferencesWindowEdges() {
        let text = """
        {"steamid":"76561198000000001","availability":{"windows":[{"day":"sun","start_hour":0,"end_hour":24},{"day":"mon","start_hour":23,"end_hour":1}]}}
        {"steamid":"76561198000000001","availability":{"windows":[{"day":"sun","start_hour":-1,"end_hour":0}]}}
        {"steamid":"76561198000000001","availability":{"windows":[{"day":"sun","start_hour":1.5,"end_hour":3}]}}
        {"steamid":"76561198000000001","availability":{"windows":[{"start_hour":1,"end_hour":3}]}}
        """
        let result = F.decodeLines(Array(text.utf8), file: "preferences.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["preferences.invalid@2", "preferences.invalid@3", "preferences.invalid@4"])
        guard case .preferences(let first)? = result.documents.first?.content else { Issue.record("line 1"); return }
        #expect(first.windows == [.init(day: 6, startHour: 0, endHour: 24), .init(day: 0, startHour: 23, endHour: 1)])
        #expect(result.documents.count == 4)
        #expect(result.documents.dropFirst().allSatisfy {
            if case .preferences(let facts) = $0.content { facts.windows.isEmpty } else { false }
        })
    }

    @Test func preferencesLobbies() {
        let text = """
        {"steamid":"76561198000000001","lobbies":[{"appid":570,"min_players":5,"max_players":5,"roles":["carry","support","carry"],"group":"eu-ranked"},{"appid":550,"roles":12},{"appid":730,"max_players":3}]}
        {"steamid":"76561198000000001","lobbies":[{"appid":570,"min_players":6,"max_players":4},{"appid":0},{"min_players":2},{"appid":440,"roles":["bad name"]},{"appid":440,"group":7},{"appid":440,"max_players":65},{"appid":440},{"appid":440}]}
        {"steamid":"76561198000000001","lobbies":{"appid":570}}
        {"steamid":"76561198000000001","lobbies":[{"appid":570,"roles":-1},{"appid":620,"roles":4294967296},5]}
        """
        let result = F.decodeLines(Array(text.utf8), file: "preferences.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == [
            "preferences.invalid@2", "preferences.invalid@2", "preferences.invalid@2", "preferences.invalid@2",
            "preferences.invalid@2", "preferences.invalid@2", "preferences.invalid@2",
            "preferences.invalid@3",
            "preferences.invalid@4", "preferences.invalid@4", "preferences.invalid@4",
        ])
        let lobbies = result.documents.map { document -> [LobbyRequest] in
            if case .preferences(let facts) = document.content { return facts.lobbies }
            return []
        }
        #expect(lobbies == [
            [LobbyRequest(appID: 570, minPlayers: 5, maxPlayers: 5, roles: ["carry", "support"], group: "eu-ranked"),
             LobbyRequest(appID: 550, roleMask: 12), LobbyRequest(appID: 730, maxPlayers: 3)],
            [LobbyRequest(appID: 440)],
            [],
            [],
        ])
    }

    @Test func blankLinesAndCRLFAreSkipped() {
        let bytes = Array("\r\n   \n{\"body\":{\"response\":{\"player_level\":7}}}\r\n\t\r\n".utf8)
        let result = F.decodeLines(bytes, file: "x.jsonl")
        #expect(result.diagnostics.isEmpty)
        #expect(result.documents.map(\.origin.line) == [3])
    }

    @Test func byteOrderMarkOnlyAtTheStartOfTheFile() {
        let line = Array(#"{"body":{"response":{"player_level":7}}}"#.utf8)
        let bytes = [0xEF, 0xBB, 0xBF] + line + [0x0A, 0xEF, 0xBB, 0xBF] + line
        let result = F.decodeLines(bytes, file: "x.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["json.syntax@2"])
        #expect(result.documents.map(\.origin.line) == [1])
    }

    @Test func emptyChunk() {
        let result = F.decodeLines([], file: "x.jsonl")
        #expect(result.documents.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }
}

@Suite struct JSONLinesDecoderRobustnessTests {
    /// Seeded random byte damage: every non-blank line still yields a document or a diagnostic on that line,
    /// and nothing crashes.
    @Test func damagedBundlesAreReportedLineByLine() throws {
        let original = try F.bytes("synthetic/json/bundle-5-lines.jsonl")
        var generator = SeededGenerator(seed: 7)
        let replacements: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x00, 0xFF, 0xC3, 0x20, 0x0A]
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                let position = Int(generator.next() % UInt64(bytes.count))
                bytes[position] = replacements[Int(generator.next() % UInt64(replacements.count))]
            }
            let result = F.decodeLines(bytes, file: "fuzz.jsonl")
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !line.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) {
                let number = index + 1
                let decoded = result.documents.contains { $0.origin.line == number }
                let reported = result.diagnostics.contains { $0.location?.line == number }
                #expect(decoded || reported, "line \(number) vanished: \(String(decoding: line, as: UTF8.self))")
            }
        }
    }
}
