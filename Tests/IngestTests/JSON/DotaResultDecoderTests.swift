import Ingest
import PipelineCore
import PlayerModel
import Testing

private typealias F = JSONTestFixtures

private func dota(_ result: (documents: [IngestedDocument], diagnostics: [Diagnostic])) throws -> DotaFacts {
    try #require(result.documents.count == 1, "diagnostics: \(result.diagnostics)")
    guard case .dota(let facts) = result.documents[0].content else { throw DotaKindError() }
    return facts
}

private struct DotaKindError: Error {}

private extension DotaFacts {
    var players: [DotaPlayerFacts] { matches.flatMap(\.players) }
    func count(_ account: DotaAccount) -> Int { players.count { $0.account == account } }
}

/// Every shared Dota fixture with the values of `Fixtures/dota/SOURCES.md`.
@Suite struct DotaResultDecoderTests {
    @Test func detailsOpenDota2015() throws {
        let result = try F.decode("dota/odota__core__details_api.json")
        #expect(result.diagnostics.isEmpty)
        let facts = try dota(result)
        #expect(facts.kind == .matchDetails)
        let match = try #require(facts.matches.first)
        #expect(match.matchID == 1_781_962_623)
        #expect(match.lobbyType == 7)
        #expect(match.gameMode == 22)
        #expect(match.players.count == 10)
        #expect(facts.count(.anonymous) == 3)
        #expect(match.players.allSatisfy { $0.leaverStatus == 0 })
        #expect(match.radiantWin == true)
        #expect(match.duration == 2_220)
        #expect(match.isDetailed)
        #expect(match.players[0].account == .player(SteamID64(rawValue: 76_561_197_960_265_728 + 120_269_134)!))
        #expect(match.players[0].heroID == 100)
        #expect(match.players[0].kills == 8 && match.players[0].deaths == 6 && match.players[0].assists == 11)
        #expect(match.players.filter(\.isDire).count == 5)
    }

    @Test func detailsProMatchWithOneLeaver() throws {
        let result = try F.decode("dota/odota__core__details_api_pro.json")
        #expect(result.diagnostics.isEmpty)
        let match = try #require(try dota(result).matches.first)
        #expect(match.matchID == 3_254_426_673)
        #expect(match.lobbyType == 1)
        #expect(match.gameMode == 2)
        #expect(match.leagueID == 5_399)
        #expect(match.players.count { $0.account == .anonymous } == 0)
        #expect(match.players.map { $0.leaverStatus ?? -1 }.sorted() == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test func detailsRdota2013AndNashby2012() throws {
        let rdota = try dota(try F.decode("dota/davidwufer__rdota__match_details.json"))
        #expect(rdota.matches.map(\.matchID) == [212_743_690])
        #expect(rdota.matches[0].lobbyType == 0 && rdota.matches[0].gameMode == 1)
        #expect(rdota.count(.anonymous) == 7)
        #expect(rdota.players.count == 10)
        let nashby = try F.decode("dota/nashby__dota__match.json")
        #expect(nashby.diagnostics.isEmpty)
        let match = try dota(nashby).matches[0]
        #expect(match.matchID == 27_110_133)
        #expect(match.gameMode == 1)
        #expect(match.players.count { $0.account == .anonymous } == 6)
        #expect(match.startTime.map { $0 >= 1_342_656_000 && $0 < 1_342_742_400 } == true)   // 2012-07-19 UTC
    }

    @Test func historyOpenDotaSevenMatches() throws {
        let result = try F.decode("dota/odota__core__history_api.json")
        #expect(result.diagnostics.isEmpty)
        let facts = try dota(result)
        #expect(facts.kind == .matchHistory)
        #expect(facts.matches.count == 7)
        #expect(facts.players.count == 70)
        #expect(facts.count(.anonymous) == 28)
        #expect(facts.matches.allSatisfy { $0.lobbyType == 0 && $0.players.count == 10 && !$0.isDetailed })
        #expect(facts.matches[0].matchID == 346_632_222)
    }

    @Test func historyRdotaWithBotsAndACorruptedKey() throws {
        let result = try F.decode("dota/davidwufer__rdota__match_history.json")
        #expect(F.codesAndLines(result.diagnostics) == ["dota.corruptedKey@15"])
        #expect(result.diagnostics[0].description.hasPrefix("dota/davidwufer__rdota__match_history.json:15: error:"))
        let facts = try dota(result)
        #expect(facts.matches.count == 25)
        #expect(facts.players.count == 217)
        #expect(facts.count(.anonymous) == 139)
        #expect(facts.count(.bot) == 5)
        #expect(facts.count(.unknown) == 1)
        let corrupted = try #require(facts.matches.first { $0.matchID == 226_735_966 })
        #expect(corrupted.players[0].account == .unknown && corrupted.players[0].slot == 0)
        #expect(facts.matches.count { $0.players.count < 10 } == 14)
        #expect(Set(facts.matches.map(\.players.count).filter { $0 < 10 }) == [4, 6, 7, 9])
        let lobbies = Dictionary(grouping: facts.matches, by: { $0.lobbyType ?? -1 }).mapValues(\.count)
        #expect(lobbies == [0: 23, 4: 1, 6: 1])
        let coop = try #require(facts.matches.first { $0.lobbyType == 4 })
        #expect(coop.players.count { $0.account == .bot } == 5)
    }

    @Test func historyNashbyMostlyAnonymous() throws {
        let facts = try dota(try F.decode("dota/nashby__dota__history.json"))
        #expect(facts.matches.count == 25)
        #expect(facts.players.count == 223)
        #expect(facts.count(.anonymous) == 190)
        let sizes = Dictionary(grouping: facts.matches, by: \.players.count).mapValues(\.count)
        #expect(sizes == [10: 9, 9: 10, 8: 4, 7: 1, 4: 1])
    }

    @Test func historyWannesvrOneVersusOneAndHeroZero() throws {
        let facts = try dota(try F.decode("dota/wannesvr__dota2api__match_history.json"))
        #expect(facts.matches.count == 5)
        #expect(facts.players.count == 26)
        #expect(facts.count(.anonymous) == 16)
        #expect(facts.matches.count { $0.lobbyType == 8 && $0.players.count == 2 } == 3)
        #expect(facts.players.count { $0.heroID == nil } == 12)     // hero_id 0: not picked, not a hero
    }

    @Test func heroesBareListAndOldWrapperWithoutStatus() throws {
        let bare = try F.decode("dota/odota__core__heroes_api.json")
        #expect(bare.diagnostics.isEmpty)
        let modern = try #require(try dota(bare).heroes)
        #expect(modern.count == 112)
        #expect(Set(modern.map(\.id)) == Set(1...113).subtracting([24]))
        #expect(modern.first { $0.id == 42 }?.localizedName == "Wraith King")
        let old = try F.decode("dota/andrewsnowden__dota2py__heroes.json")
        #expect(old.diagnostics.isEmpty)
        let heroes = try #require(try dota(old).heroes)
        #expect(heroes.count == 92)
        #expect(Set(heroes.map(\.id)) == Set(1...93).subtracting([24]))
        #expect(heroes.first { $0.id == 42 }?.localizedName == "Skeleton King")
    }

    // MARK: - Bad and unseen inputs

    @Test func status15IsATypedDiagnostic() throws {
        let text = "{\n  \"result\": {\n    \"status\": 15,\n    \"statusDetail\": \"Cannot get match history for a user that hasn't allowed it\"\n  }\n}"
        let result = F.decode(text: text)
        #expect(result.diagnostics.map(\.description)
                == ["inline.json:3: warning: Dota 2 Web API answered status 15: Cannot get match history for a user that hasn't allowed it; no matches read from it [dota.status]"])
        let facts = try dota(result)
        #expect(facts.kind == .matchHistory && facts.matches.isEmpty)
    }

    @Test func bomStartTimeSpellingAndNewerFields() throws {
        let text = "\u{FEFF}{\"result\":{\"status\":1,\"num_results\":1,\"total_results\":1,\"results_remaining\":0,\"matches\":[{\"match_id\":9,\"starttime\":1400000000,\"lobby_type\":7,\"brand_new\":{\"x\":[1]},\"players\":[{\"account_id\":4294967295,\"player_slot\":132,\"hero_id\":7,\"hero_variant\":2},{\"player_slot\":1,\"hero_id\":0}]}]}}"
        let result = F.decode(text: text)
        #expect(result.diagnostics.isEmpty)
        let match = try dota(result).matches[0]
        #expect(match.startTime == 1_400_000_000)
        #expect(match.players.map(\.account) == [.anonymous, .bot])
        #expect(match.players[0].isDire && match.players[0].slot & 0x7F == 4)
    }

    @Test func sequenceNumberListingIsFullRecords() throws {
        let text = #"{"result":{"status":1,"matches":[{"match_id":5,"match_seq_num":77,"start_time":1500000000,"duration":1200,"radiant_win":false,"players":[{"account_id":3,"player_slot":0,"hero_id":1,"leaver_status":0},{"player_slot":128,"hero_id":2}]},{"match_id":6,"players":[]}]}}"#
        let result = F.decode(text: text)
        #expect(F.codesAndLines(result.diagnostics) == ["dota.noPlayers@1"])
        let facts = try dota(result)
        #expect(facts.kind == .matchHistoryBySequenceNum)
        #expect(facts.matches.map(\.matchID) == [5, 6])          // the match without players is kept
        #expect(facts.matches[0].isDetailed && facts.matches[0].matchSeqNum == 77)
        #expect(facts.matches[0].players[1].account == .bot)
    }

    @Test func outOfRangeTimesAreReportedNotKept() throws {
        let text = "{\"result\":{\"match_id\":3,\"start_time\":99999999999999,\n\"duration\":9223372036854775807,\"players\":[{\"player_slot\":0}]}}"
        let result = F.decode(text: text)
        #expect(F.codesAndLines(result.diagnostics) == ["dota.badValue@1", "dota.badValue@2"])
        let match = try dota(result).matches[0]
        #expect(match.startTime == nil && match.duration == nil && match.players.count == 1)
    }

    @Test func bundleLinesCarryTheirLineNumbers() throws {
        let lines = """
        {"source":"GetHeroes","body":{"result":{"heroes":[{"id":1,"name":"npc_dota_hero_antimage"}],"status":200,"count":1}}}
        {"source":"GetMatchHistory","body":{"result":{"status":15,"statusDetail":"not allowed"}}}
        {"source":"GetMatchDetails","body":{"result":{"match_id":8,"radiant_win":true,"players":[{"account_id":-5,"player_slot":0,"hero_id":1},{"account_id":10,"player_slot":900}]}}}

        """
        let result = F.decodeLines(Array(lines.utf8), file: "dota.jsonl")
        #expect(F.codesAndLines(result.diagnostics) == ["dota.status@2", "dota.badAccount@3", "dota.badSlot@3"])
        #expect(result.documents.count == 3)
        guard case .dota(let details) = result.documents[2].content else { Issue.record("not dota"); return }
        #expect(details.matches[0].players.map(\.account) == [.unknown])
        #expect(result.documents[2].origin.line == 3)
    }
}
