import Foundation
import Geo
import Ingest
import PipelineCore
import PlayerModel
import Testing
@testable import Normalize

@Suite struct LocationTablePlayerLocatorTests {
    func table() throws -> LocationTable {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Data/reference/steam-locations.csv").standardizedFileURL
        return try LocationTable(csv: Array(try #require(FileManager.default.contents(atPath: url.path))))
    }

    @Test func codesThenDisplayTextLocatePlayers() throws {
        var robin = ProfileFacts(steamID: SteamID64("76561197960435530")!, visibility: .public)
        robin.country = "US"; robin.state = "WA"; robin.cityID = 3961
        var guto = ProfileFacts(steamID: SteamID64("76561197985077150")!, visibility: .public)
        guto.locationText = "Salvador, Bahia, Brazil"
        var nowhere = ProfileFacts(steamID: SteamID64("76561198005755687")!, visibility: .public)
        nowhere.country = "ZZ"
        let documents = [robin, guto, nowhere].map {
            IngestedDocument(origin: DocumentOrigin(file: "p.json"), content: .playerSummaries([$0]))
        }
        let dataset = DatasetNormalizer.normalize(documents, locator: try table(), diagnostics: DiagnosticLog())
        let byID = Dictionary(uniqueKeysWithValues: dataset.players.map { ($0.steamID.description, $0) })
        let bellevue = try #require(byID["76561197960435530"])
        #expect(abs(try #require(bellevue.latitude) - 47.610) < 0.05)
        #expect(abs(try #require(bellevue.longitude) + 122.201) < 0.05)
        #expect(try #require(bellevue.locationAccuracyKm) <= 15)
        let salvador = try #require(byID["76561197985077150"])
        #expect(abs(try #require(salvador.latitude) + 12.976) < 0.1)
        #expect(byID["76561198005755687"]?.latitude == nil, "an unknown country gives no location, and no crash")
    }
}
