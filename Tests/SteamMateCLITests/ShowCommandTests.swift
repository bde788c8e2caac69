import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate convert` on the shared Dota fixtures, then `steam-mate show` on it and on the default golden output.
@Suite struct ShowCommandTests {
    static let dotaFixtures = RepositoryPaths.root().appendingPathComponent("Tests/IngestTests/Fixtures/dota").path

    @Test func convertWritesTheDotaTablesRepeatablyAndShowPrintsTheSummary() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let first = try CommandRunner.run(["convert", Self.dotaFixtures, "--out", "out"], in: dir)
        #expect(first.status == 1, "the corrupted key of the rdota history is an input error: \(first.stderr)")
        #expect(first.stderr.contains("davidwufer__rdota__match_history.json:15: error: players[]: key \"account_ishoulshould\""))
        let manifest = try Data(contentsOf: dir.appendingPathComponent("out/manifest.json"))
        let second = try CommandRunner.run(["convert", Self.dotaFixtures, "--out", "out", "--threads", "1"], in: dir)
        #expect(second.status == 1)
        #expect(try Data(contentsOf: dir.appendingPathComponent("out/manifest.json")) == manifest)
        let matches = try String(contentsOf: dir.appendingPathComponent("out/dota_matches.csv"), encoding: .utf8)
        #expect(matches.split(separator: "\r\n").count == 1 + 66)     // 7 + 25 + 25 + 5 history entries + 4 details
        let heroes = try String(contentsOf: dir.appendingPathComponent("out/dota_heroes.csv"), encoding: .utf8)
        #expect(heroes.split(separator: "\r\n").count == 1 + 112)
        #expect(!heroes.contains("\r\n24,"))

        // The player of the 2013 details: one win with Queen of Pain, a 3208 s match.
        let shown = try CommandRunner.run(["show", "76561197960889405", "out"], in: dir)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Dota 2\n  1 match, 1 won of 1 with a known result (100.0 %)"))
        #expect(shown.stdout.contains("average match 53 min 28 s"))
        #expect(shown.stdout.contains("top heroes: Queen of Pain (1 game, 100.0 % won)"))
        #expect(shown.stdout.contains("2013-W23  ██████████ 100.0 % of 1"))
        let missing = try CommandRunner.run(["show", "76561197960265729", "out"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: player 76561197960265729 appears in no table of this output\n")
    }

    @Test func showPrintsPairingsWithReasonsAndTradesFromTheDefaultOutput() throws {
        let golden = RepositoryPaths.root().appendingPathComponent("Tests/PipelineRunnerTests/Goldens/default/expected")
        let robin = try CommandRunner.run(["show", "76561197960435530", golden.path], in: golden)
        #expect(robin.status == 0)
        #expect(robin.stdout.hasPrefix("Player 76561197960435530 — Robin (Robin Walker)\n"))
        // Robin's first pairing and its reason, as the golden `pairings.jsonl` has them.
        let first = try Self.firstRow(golden.appendingPathComponent("pairings.jsonl"), where: "\"steamid\":\"76561197960435530\"")
        let candidate = try #require(first["candidate"] as? String), reason = try #require(first["reason"] as? String)
        #expect(robin.stdout.contains("Pairings (10)\n  #1 \(candidate)"))
        #expect(robin.stdout.contains("\n      \(reason)\n"))
        #expect(!robin.stdout.contains("Dota 2\n"))
        // The first giver of the golden trade loops sees that trade.
        let trade = try Self.firstRow(golden.appendingPathComponent("trade_loops.jsonl"), where: "")
        let giver = try #require(trade["giver"] as? String), item = try #require(trade["item_given"] as? String)
        let receiver = try #require(trade["receiver"] as? String)
        let trader = try CommandRunner.run(["show", giver, golden.path], in: golden)
        #expect(trader.stdout.contains("Trades ("))
        #expect(trader.stdout.contains(": you send \(item) to \(receiver)"))
        let notOutput = try CommandRunner.run(["show", "76561197960435530", "."], in: try RepositoryPaths.temporaryDirectory())
        #expect(notOutput.status == 2)
    }

    /// The first JSON Lines row of `file` whose text contains `needle`.
    static func firstRow(_ file: URL, where needle: String) throws -> [String: Any] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { needle.isEmpty || $0.contains(needle) })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
