import Foundation
import PlayerModel
import Testing

@Suite struct PlayerGameTests {
    let id = SteamID64(accountID: 22202)!

    @Test func rowIsCompact() {
        // steamid 8, appid 4, presence 1 (+3), name 16, three 8-byte integers, sources 8.
        #expect(MemoryLayout<PlayerGame>.stride == 64)
    }

    @Test(arguments: [nil, 0, 1, 17, Int.max, Int.min] as [Int?])
    func everyFieldRoundTrips(value: Int?) {
        let seconds = value.map { Int64($0) }
        var game = PlayerGame(steamID: id, appID: .max, name: value.map { "Name \($0) ™" }, minutesTotal: value ?? 3,
                              minutes2Weeks: value, lastPlayed: seconds, sources: value == nil ? [] : ["a.json", "b.jsonl:7"])
        #expect(game.steamID == id && game.appID == .max)
        #expect(game.name == value.map { "Name \($0) ™" })
        #expect(game.minutesTotal == value ?? 3)
        #expect(game.minutes2Weeks == value && game.lastPlayed == seconds)
        #expect(game.sources == (value == nil ? [] : ["a.json", "b.jsonl:7"]))
        // Setting through the properties gives the same value as building with them.
        game.minutes2Weeks = 5
        game.lastPlayed = nil
        #expect(game.minutes2Weeks == 5 && game.lastPlayed == nil)
        game.minutes2Weeks = value
        game.lastPlayed = seconds
        #expect(game == PlayerGame(steamID: id, appID: .max, name: value.map { "Name \($0) ™" }, minutesTotal: value ?? 3,
                                   minutes2Weeks: value, lastPlayed: seconds, sources: value == nil ? [] : ["a.json", "b.jsonl:7"]))
    }

    @Test func nilAndZeroDiffer() {
        let none = PlayerGame(steamID: id, appID: 570, minutesTotal: 1)
        let zero = PlayerGame(steamID: id, appID: 570, minutesTotal: 1, minutes2Weeks: 0, lastPlayed: 0)
        #expect(none != zero)
        #expect(Set([none, zero, none]).count == 2)
        var cleared = zero
        cleared.minutes2Weeks = nil
        cleared.lastPlayed = nil
        #expect(cleared == none && cleared.hashValue == none.hashValue)
    }

    /// The keyed form is the one the plain struct had: optional fields are left out when `nil`.
    @Test func codableKeepsTheKeyedForm() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bare = PlayerGame(steamID: id, appID: 570, minutesTotal: 60)
        #expect(String(decoding: try encoder.encode(bare), as: UTF8.self)
            == #"{"appID":570,"minutesTotal":60,"sources":[],"steamID":"76561197960287930"}"#)
        let full = PlayerGame(steamID: id, appID: 570, name: "Dota 2", minutesTotal: 60, minutes2Weeks: 0, lastPlayed: 1_700_000_000,
                              sources: ["g.json"])
        let text = String(decoding: try encoder.encode(full), as: UTF8.self)
        #expect(text.contains(#""minutes2Weeks":0"#) && text.contains(#""lastPlayed":1700000000"#) && text.contains(#""name":"Dota 2""#))
        for game in [bare, full] {
            #expect(try JSONDecoder().decode(PlayerGame.self, from: encoder.encode(game)) == game)
        }
    }
}
