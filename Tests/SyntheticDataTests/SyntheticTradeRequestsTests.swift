import Foundation
import PlayerModel
import SyntheticData
import Testing

@Suite struct SyntheticTradeRequestsTests {
    let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 300, seed: 9))

    @Test func sameSeedSameLinesAndValidSchema() throws {
        let a = SyntheticTradeRequests.lines(for: dataset, count: 80, seed: 5)
        #expect(a == SyntheticTradeRequests.lines(for: dataset, count: 80, seed: 5))
        #expect(a != SyntheticTradeRequests.lines(for: dataset, count: 80, seed: 6))
        #expect(a.count > 60)
        let players = Set(dataset.players.map(\.steamID.description))
        for line in a {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let author = try #require(object["author"] as? String)
            #expect(players.contains(author))
            let accepted = try #require(object["accepted_appids"] as? [Int])
            let offered = try #require(object["offered_appid"] as? Int)
            #expect(!accepted.isEmpty && !accepted.contains(offered))
            let status = try #require(object["status"] as? String)
            #expect(["active", "in_progress", "sold"].contains(status))
        }
    }

    @Test func acceptedGamesAreMostlyOfferedBySomeone() throws {
        let lines = SyntheticTradeRequests.lines(for: dataset, count: 80, seed: 5)
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let offered = Set(objects.compactMap { $0["offered_appid"] as? Int })
        let wants = objects.flatMap { ($0["accepted_appids"] as? [Int]) ?? [] }
        #expect(Double(wants.filter(offered.contains).count) / Double(wants.count) > 0.6, "a marketplace: people want what is offered")
    }
}
