import Fetch
import PipelineCore
import Testing

@Suite struct PlayerIDListTests {
    @Test func idFileKeepsGoodLinesAndReportsBadOnes() {
        let log = DiagnosticLog()
        let text = "76561197960435530\n# comment\n  robinwalker  \n76561197960435530\n123\nbad name!\n\r\n76561197960265729 # trailing\n"
        let list = PlayerIDList.parseIDFile(text, file: "ids.txt", diagnostics: log)
        #expect(list.steamIDs == ["76561197960265729", "76561197960435530"])
        #expect(list.vanityNames == ["robinwalker"])
        let rendered = log.sorted().map(\.description)
        #expect(rendered.count == 2)
        #expect(rendered.allSatisfy { $0.hasSuffix("[fetch.badID]") })
        #expect(rendered.contains { $0.hasPrefix("ids.txt:5: error:") })
    }

    @Test func preferencesGiveTheirSteamIDs() {
        let text = "{\"steamid\":\"76561197960435530\",\"anywhere\":true}\n{broken\n{\"steamid\":\"12\"}\n{\"steamid\":\"76561197960265729\"}"
        let list = Array(text.utf8).withUnsafeBytes { PlayerIDList.parsePreferences($0) }
        #expect(list.steamIDs == ["76561197960265729", "76561197960435530"])
    }
}
