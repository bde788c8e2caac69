@testable import Emit
import PipelineCore
import PlayerModel
import Testing

/// `player_games` rendered by `PlayerGamesRowRenderer` equals the same rows as cells through the table writers,
/// whatever the rows share: names and sources shared by storage or only by bytes, absent names, text that needs
/// quoting or escaping, and a renderer reused across chunks in any order whose cache starts afresh mid-chunk.
@Suite struct PlayerGamesRowRendererTests {
    static let names: [String?] = [nil, "Dota 2", "", "Counter-Strike: Global Offensive", "comma, name", "quote \" name",
                                   "line\nbreak name that is long", "tab\tname", "ünïcödé ● spiel", "back\\slash"]
    static let sourceLists: [[String]] = [[], ["a/owned_games.jsonl:1"], ["b/profiles.xml", "a/x.jsonl:2"], ["c,d.jsonl:3"],
                                          ["q\"uote.xml"], ["semi;colon.jsonl:9", "two"]]

    static let games: [PlayerGame] = {
        var generator = SeededGenerator(seed: 11)
        var rows: [PlayerGame] = []
        for player in 0..<300 {
            let pick = { (n: Int) in Int.random(in: 0..<n, using: &generator) }
            // One array per player's document, as normalize shares them; sometimes a fresh copy per row.
            let shared = sourceLists[pick(sourceLists.count)]
            for game in 0..<pick(12) {
                let appID = UInt32(game * 10 + pick(10))
                // A name by index (shared storage) or rebuilt from its characters (same bytes, other storage).
                let name = names[Int(appID) % names.count].map { pick(3) == 0 ? String(Array($0)) : $0 }
                rows.append(PlayerGame(
                    steamID: SteamID64(rawValue: 76_561_197_960_265_729 + UInt64(player))!, appID: pick(50) == 0 ? .max : appID,
                    name: name, minutesTotal: pick(4) == 0 ? 0 : Int.random(in: 0...PlayerGame.minutesRange.upperBound, using: &generator),
                    minutes2Weeks: pick(3) == 0 ? nil : pick(20_000), lastPlayed: pick(3) == 0 ? nil : Int64(pick(2_000_000_000)) - 1_000,
                    sources: pick(5) == 0 ? sourceLists[pick(sourceLists.count)].map { String(Array($0)) } : shared))
            }
        }
        return rows
    }()

    static func expected(_ range: Range<Int>) -> (csv: [UInt8], jsonl: [UInt8]) {
        var table = Table(name: "player_games", columns: DatasetTables.playerGameColumns)
        for i in range { table.append(DatasetTables.playerGameRow(games[i])) }
        var csv: [UInt8] = []
        CSVWriter.appendRows(table.rows, to: &csv)
        return (csv, JSONLinesWriter.render(table))
    }

    /// Bytes as text, so a failure shows lines rather than numbers (the writers emit valid UTF-8).
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test(arguments: [64, 1 << 20])
    func chunksEqualTheCellWriters(textLimit: Int) {
        var renderer = PlayerGamesRowRenderer(textLimit: textLimit)
        let bounds = stride(from: 0, to: Self.games.count, by: 97).map { $0..<min(Self.games.count, $0 + 97) }
        #expect(bounds.count > 5)
        // Chunks in a scrambled order through one renderer, as a pooled renderer meets them.
        var generator = SeededGenerator(seed: 3)
        for range in bounds.reversed() + bounds.shuffled(using: &generator) {
            var chunk = RenderedChunk()
            renderer.render(Self.games, range, csv: true, jsonl: true, into: &chunk)
            let want = Self.expected(range)
            #expect(chunk.rows == range.count)
            #expect(Self.text(chunk.csv) == Self.text(want.csv))
            #expect(Self.text(chunk.jsonl) == Self.text(want.jsonl))
        }
    }

    @Test func oneFormatLeavesTheOtherEmpty() {
        var renderer = PlayerGamesRowRenderer()
        var chunk = RenderedChunk()
        renderer.render(Self.games, 0..<50, csv: false, jsonl: true, into: &chunk)
        #expect(chunk.csv.isEmpty)
        #expect(Self.text(chunk.jsonl) == Self.text(Self.expected(0..<50).jsonl))
    }

    @Test func theDatasetTableRendersTheseBytes() throws {
        var dataset = PlayerDataset()
        dataset.games = Self.games
        let table = try #require(DatasetTables.streamedTables(for: dataset, rowsPerChunk: 100).first { $0.name == "player_games" })
        let render = try #require(table.renderBytes)
        var csv: [UInt8] = [], jsonl: [UInt8] = []
        for index in 0..<table.chunkCount {
            var chunk = RenderedChunk()
            render(index, true, true, &chunk)
            csv += chunk.csv
            jsonl += chunk.jsonl
        }
        let materialized = table.materialized()
        var want: [UInt8] = []
        CSVWriter.appendRows(materialized.rows, to: &want)
        #expect(Self.text(csv) == Self.text(want))
        #expect(Self.text(jsonl) == Self.text(JSONLinesWriter.render(materialized)))
        #expect(materialized.rows.count == Self.games.count)
    }
}
