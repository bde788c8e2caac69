import Emit
import Foundation
import PipelineCore
import Testing

@Suite struct JSONLinesWriterTests {
    @Test func idsAreStringsAndKeysKeepColumnOrder() {
        var table = Table(name: "t", columns: ["steamid", "appid", "score", "known", "missing", "tags"])
        table.append([.id(76_561_202_255_233_023), .int(570), .fixed(0.5, places: 4), .bool(true), .null, .list([.string("a")])])
        let text = String(decoding: JSONLinesWriter.render(table), as: UTF8.self)
        #expect(text == #"{"steamid":"76561202255233023","appid":570,"score":0.5000,"known":true,"missing":null,"tags":["a"]}"# + "\n")
    }

    @Test func escapesControlCharactersAndQuotesSoEveryLineParses() throws {
        var table = Table(name: "t", columns: ["s"])
        table.append([.string("quote \" backslash \\ tab \t newline \n bell \u{07} emoji 🎮")])
        let line = JSONLinesWriter.render(table)
        #expect(line.filter { $0 == 0x0A }.count == 1, "one row is one line")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: String])
        #expect(parsed["s"] == "quote \" backslash \\ tab \t newline \n bell \u{07} emoji 🎮")
    }

    @Test func tableFilesNamesEveryFormat() {
        let files = TableFiles.render([Table(name: "players", columns: ["steamid"])], formats: [.csv, .jsonl], prefix: "x/")
        #expect(files.map(\.path) == ["x/players.csv", "x/players.jsonl"])
        #expect(files[1].bytes.isEmpty, "an empty table is an empty JSON Lines file")
    }
}
