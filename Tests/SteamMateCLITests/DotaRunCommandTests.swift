import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate run` on profiles, owned games and Dota 2 responses through normalize, pair and match; and
/// `convert` on Dota responses that are bad or shaped in ways the shared fixtures do not show.
@Suite struct DotaRunCommandTests {
    static func id(_ i: Int) -> UInt64 { 76_561_198_000_000_000 + UInt64(i) }
    static func account(_ i: Int) -> UInt64 { id(i) - 76_561_197_960_265_728 }

    /// Six players in Bellevue, WA, each owning Dota 2 and one other game, as two bundles; and Dota 2 matches:
    /// 1001 (P0, P1, an anonymous player, a bot, P2) and 1002 (P0, P1, P3) in one bundle, 1003 (P4 against P5)
    /// as a history entry in one file and its details in another. P0, P1, P4 and P5 play support heroes (Crystal
    /// Maiden 5, Lion 26, Bane 3, Witch Doctor 30), P2 and P3 carries (Anti-Mage 1, Juggernaut 8).
    static func writeInput(in dir: URL, reversed: Bool = false) throws {
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("dota"), withIntermediateDirectories: true)
        var profiles = ""
        var owned = ""
        for i in 0..<6 {
            profiles += #"{"source":"GetPlayerSummaries","body":{"response":{"players":[{"steamid":"\#(id(i))","communityvisibilitystate":3,"personaname":"P\#(i)","loccountrycode":"US","locstatecode":"WA","loccityid":3961}]}}}"# + "\n"
            owned += #"{"steamid":"\#(id(i))","source":"GetOwnedGames","body":{"response":{"game_count":2,"games":[{"appid":570,"playtime_forever":\#(900 + 60 * i)},{"appid":\#(i % 2 == 0 ? 440 : 730),"playtime_forever":120}]}}}"# + "\n"
        }
        let heroes = #"{"source":"GetHeroes","fetched_at":"2017-01-01T00:00:00Z","body":{"result":{"heroes":[{"name":"npc_dota_hero_antimage","id":1,"localized_name":"Anti-Mage"},{"name":"npc_dota_hero_bane","id":3,"localized_name":"Bane"},{"name":"npc_dota_hero_crystal_maiden","id":5,"localized_name":"Crystal Maiden"},{"name":"npc_dota_hero_juggernaut","id":8,"localized_name":"Juggernaut"},{"name":"npc_dota_hero_lion","id":26,"localized_name":"Lion"},{"name":"npc_dota_hero_witch_doctor","id":30,"localized_name":"Witch Doctor"}],"status":200,"count":6}}}"#
        let m1001 = #"{"source":"GetMatchDetails","fetched_at":"2017-06-20T00:00:00Z","body":{"result":{"players":[{"account_id":\#(account(0)),"player_slot":0,"hero_id":5,"kills":1,"deaths":2,"assists":15,"leaver_status":0},{"account_id":\#(account(1)),"player_slot":1,"hero_id":26,"kills":3,"deaths":4,"assists":9,"leaver_status":0},{"account_id":4294967295,"player_slot":2,"hero_id":3,"leaver_status":0},{"player_slot":128,"hero_id":1},{"account_id":\#(account(2)),"player_slot":129,"hero_id":8,"leaver_status":3}],"radiant_win":true,"duration":2400,"start_time":1497000000,"match_id":1001,"match_seq_num":5001,"game_mode":22,"lobby_type":7,"first_blood_time":80}}}"#
        let m1002 = #"{"source":"GetMatchDetails","fetched_at":"2017-06-20T00:00:00Z","body":{"result":{"players":[{"account_id":\#(account(0)),"player_slot":0,"hero_id":3},{"account_id":\#(account(3)),"player_slot":1,"hero_id":1},{"account_id":\#(account(1)),"player_slot":130,"hero_id":30}],"radiant_win":false,"duration":1800,"start_time":1497600000,"match_id":1002,"game_mode":22,"lobby_type":7}}}"#
        let history = #"{"result":{"status":1,"num_results":1,"total_results":1,"results_remaining":0,"matches":[{"match_id":1003,"match_seq_num":5003,"start_time":1498000000,"lobby_type":0,"players":[{"account_id":\#(account(4)),"player_slot":0,"hero_id":5},{"account_id":\#(account(5)),"player_slot":128,"hero_id":26}]}]}}"#
        let details = #"{"result":{"players":[{"account_id":\#(account(4)),"player_slot":0,"hero_id":5,"kills":2},{"account_id":\#(account(5)),"player_slot":128,"hero_id":26,"kills":0}],"radiant_win":false,"duration":3000,"start_time":1498000000,"match_id":1003}}"#
        var files = [
            ("profiles.jsonl", profiles), ("owned_games.jsonl", owned),
            ("dota/matches.jsonl", [heroes, m1001, m1002].joined(separator: "\n") + "\n"),
            ("dota/history_1003.json", history), ("dota/details_1003.json", details),
        ]
        if reversed { files.reverse() }
        for (path, text) in files { try text.write(to: data.appendingPathComponent(path), atomically: true, encoding: .utf8) }
    }

    static func pipeline(threads: Int) -> String {
        "name: dota\ninput: data\noutput: out\nformats: [csv, jsonl]\nthreads: \(threads)\nstages:\n  normalize: {}\n  pair:\n    k: 5\n  match: {}\n"
    }

    /// The pairings rows as objects, by (steamid, candidate).
    static func pairings(in dir: URL) throws -> [String: [String: Any]] {
        let text = try String(contentsOf: dir.appendingPathComponent("out/pairings.jsonl"), encoding: .utf8)
        var rows: [String: [String: Any]] = [:]
        for line in text.split(separator: "\n") {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            rows["\(row["steamid"]!)>\(row["candidate"]!)"] = row
        }
        return rows
    }

    @Test func runPublishesDotaTablesAndExplainsPairingsWithDota() throws {
        var manifests: [Data] = []
        for (threads, reversed) in [(1, false), (4, false), (4, true)] {
            let dir = try RepositoryPaths.temporaryDirectory()
            try Self.writeInput(in: dir, reversed: reversed)
            try Self.pipeline(threads: threads).write(to: dir.appendingPathComponent("dota.yml"), atomically: true, encoding: .utf8)
            let run = try CommandRunner.run(["run", "dota.yml"], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(PublishedTree.manifestMismatches(in: dir.appendingPathComponent("out")).isEmpty)
            manifests.append(try Data(contentsOf: dir.appendingPathComponent("out/manifest.json")))
            guard threads == 1 else { continue }

            let manifest = try #require(String(data: manifests[0], encoding: .utf8))
            for table in ["dota_matches", "dota_match_players", "dota_heroes", "dota_player_stats", "dota_progress"] {
                #expect(manifest.contains("\"\(table).csv\""), "\(table) is published")
            }
            let matches = try String(contentsOf: dir.appendingPathComponent("out/dota_matches.csv"), encoding: .utf8)
            #expect(matches.split(separator: "\r\n").count == 1 + 3)
            #expect(matches.contains("\r\n1003,5003,1498000000,2017-06-20,3000,,0,dire,"), "history and details merged: \(matches)")
            let players = try String(contentsOf: dir.appendingPathComponent("out/dota_match_players.csv"), encoding: .utf8)
            #expect(players.contains("\r\n1001,2,radiant,2,,anonymous,3,Bane,"))
            #expect(players.contains("\r\n1001,128,dire,0,,bot,1,Anti-Mage,"))

            let rows = try Self.pairings(in: dir)
            let together = try #require(rows["\(Self.id(0))>\(Self.id(1))"], "P0 is paired with P1: \(rows.keys.sorted())")
            #expect(together["dota_matches_together"] as? Int == 2)
            #expect(together["dota_shared_roles"] as? [String] == ["support"])
            let reason = try #require(together["reason"] as? String)
            #expect(reason.hasSuffix("; played 2 recorded Dota matches together; you both play support heroes"), "\(reason)")
            let strangers = try #require(rows["\(Self.id(0))>\(Self.id(4))"])
            #expect(strangers["dota_matches_together"] as? Int == 0)
            #expect((strangers["reason"] as? String)?.hasSuffix("you both play support heroes") == true)
            #expect((strangers["reason"] as? String)?.contains("recorded Dota") == false)
            let carries = try #require(rows["\(Self.id(2))>\(Self.id(3))"])
            #expect((carries["reason"] as? String)?.hasSuffix("you both play carry heroes") == true)
            let opponents = try #require(rows["\(Self.id(4))>\(Self.id(5))"])
            #expect((opponents["reason"] as? String)?.contains("played 1 recorded Dota match together") == true)
        }
        #expect(manifests[1] == manifests[0], "4 threads write the same bytes as 1")
        #expect(manifests[2] == manifests[0], "files written in the other order give the same bytes")
    }

    /// Bad and unseen shapes in one dataset: each bad one is a diagnostic with path:line, the rest is kept.
    @Test func badDotaInputsAreReportedAndTheRestKept() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let lines = [
            #"{"source":"GetHeroes","body":{"result":{"heroes":[{"id":1,"name":"npc_dota_hero_antimage"},{"id":5,"name":"npc_dota_hero_crystal_maiden"}],"status":200}}}"#,
            #"{"source":"GetMatchHistory","body":{"result":{"status":15,"statusDetail":"Cannot get match history for a user that hasn't allowed it"}}}"#,
            #"{"source":"GetMatchDetails","body":{"result":{"match_id":11,"radiant_win":true,"players":[{"account_idx":77,"player_slot":0,"hero_id":1},{"account_id":78,"player_slot":128,"hero_id":5}]}}}"#,
            #"{"source":"GetMatchDetails","body":{"result":{"match_id":12,"radiant_win":false,"duration":100,"players":[]}}}"#,
            #"{"source":"GetMatchDetails","body":{"result":{"match_id":13,"radiant_win":true,"players":[{"account_id":79,"player_slot":0,"hero_id":140},{"account_id":80,"player_slot":128,"hero_id":5}]}}}"#,
            #"{"source":"GetMatchDetails","body":{"result":{"match_id":14,"radiant_win":true,"starttime":1400000000,"brand_new_field":{"x":[1,2]},"players":[{"account_id":81,"player_slot":0,"hero_id":1,"hero_variant":3}]}}}"#,
        ]
        try ("\u{FEFF}" + lines.joined(separator: "\n") + "\n").write(to: data.appendingPathComponent("dota.jsonl"), atomically: true, encoding: .utf8)
        try "\u{FEFF}{\"result\":{\"status\":1,\"num_results\":1,\"total_results\":1,\"results_remaining\":0,\"matches\":[{\"match_id\":15,\n\"starttime\":1400000000,\"lobby_type\":0,\"players\":[{\"account_id\":82,\"player_slot\":132,\"hero_id\":5}]}]}}"
            .write(to: data.appendingPathComponent("history_bom.json"), atomically: true, encoding: .utf8)
        let convert = try CommandRunner.run(["convert", "data", "--out", "out"], in: dir)
        #expect(convert.status == 1, "input errors were reported: \(convert.stderr)")
        let stderr = convert.stderr
        #expect(stderr.contains("data/dota.jsonl:2: warning: Dota 2 Web API answered status 15: Cannot get match history for a user that hasn't allowed it; no matches read from it [dota.status]"), "\(stderr)")
        #expect(stderr.contains("data/dota.jsonl:3: error: players[]: key \"account_idx\" instead of account_id; the player is kept with an unknown account [dota.corruptedKey]"), "\(stderr)")
        #expect(stderr.contains("data/dota.jsonl:4: error: match 12 lists no players; kept without players [dota.noPlayers]"), "\(stderr)")
        #expect(stderr.contains("data/dota.jsonl:5: warning: match 13: hero id 140 not in the heroes list; kept unnamed [dota.unknownHero]"), "\(stderr)")
        let diagnostics = try String(contentsOf: dir.appendingPathComponent("out/diagnostics.json"), encoding: .utf8)
        for code in ["dota.status", "dota.corruptedKey", "dota.noPlayers", "dota.unknownHero"] {
            #expect(diagnostics.contains("\"code\" : \"\(code)\""), "\(code) in diagnostics.json")
        }
        #expect(!stderr.contains("dota.jsonl:6"), "a newer unknown field is no diagnostic")
        #expect(!stderr.contains("history_bom.json"), "a BOM is no diagnostic")

        let matches = try String(contentsOf: dir.appendingPathComponent("out/dota_matches.csv"), encoding: .utf8)
        #expect(matches.split(separator: "\r\n").map { $0.prefix(while: { $0 != "," }) } == ["match_id", "11", "12", "13", "14", "15"])
        #expect(matches.contains("\r\n14,,1400000000,2014-05-13,"), "starttime is read")
        #expect(matches.contains("\r\n15,,1400000000,2014-05-13,"), "the file with a BOM is read")
        let players = try String(contentsOf: dir.appendingPathComponent("out/dota_match_players.csv"), encoding: .utf8)
        #expect(players.contains("\r\n11,0,radiant,0,,unknown,1,antimage,"), "the player with a corrupted key is kept as unknown: \(players)")
        #expect(players.contains("\r\n13,0,radiant,0,\(76_561_197_960_265_728 + 79),player,140,,"), "an unknown hero keeps its id")
        #expect(players.contains("\r\n15,132,dire,4,\(76_561_197_960_265_728 + 82),player,5,crystal_maiden,"))
    }
}
