import PlayerModel
import Testing

/// `GameLibraryColumns(players:games:)`: the columns of canonical rows, and nil where the columns cannot hold them.
@Suite struct GameLibraryColumnsTests {
    static func id(_ n: UInt64) -> SteamID64 { SteamID64(rawValue: 76_561_197_960_265_728 + n)! }

    @Test func canonicalRowsBecomeOneRunPerPlayer() throws {
        let players = [1, 3, 5, 9].map { Player(steamID: Self.id($0)) }
        let games = [
            PlayerGame(steamID: Self.id(1), appID: 10, name: "Beta", minutesTotal: 600, minutes2Weeks: 30),
            PlayerGame(steamID: Self.id(1), appID: 570, name: "Dota 2", minutesTotal: 0),
            PlayerGame(steamID: Self.id(2), appID: 10, name: "Alpha", minutesTotal: 5),  // no such player
            PlayerGame(steamID: Self.id(5), appID: 10, name: "", minutesTotal: 7, minutes2Weeks: 0),
            PlayerGame(steamID: Self.id(5), appID: 440, minutesTotal: Int(Int32.max), lastPlayed: 1_700_000_000),
            PlayerGame(steamID: Self.id(12), appID: 730, name: "CS", minutesTotal: 1),  // past the last player
        ]
        let columns = try #require(GameLibraryColumns(players: players, games: games))
        #expect(columns.start == [0, 2, 2, 4, 4])
        #expect(columns.appIDs == [10, 570, 10, 440])
        #expect(columns.minutesTotal == [600, 0, 7, Int32.max])
        #expect(columns.minutes2Weeks == [30, 0, 0, 0])
        // The smallest non-empty name per app over every row, players or not.
        #expect(columns.names == [10: "Alpha", 570: "Dota 2", 730: "CS"])
    }

    @Test func noPlayersOrNoRows() throws {
        #expect(try #require(GameLibraryColumns(players: [], games: [PlayerGame(steamID: Self.id(1), appID: 1, minutesTotal: 1)])).start == [0])
        let empty = try #require(GameLibraryColumns(players: [Player(steamID: Self.id(1)), Player(steamID: Self.id(2))], games: []))
        #expect(empty.start == [0, 0, 0] && empty.rowCount == 0)
    }

    @Test func whatTheColumnsCannotHoldIsNil() {
        let players = [Player(steamID: Self.id(1)), Player(steamID: Self.id(2))]
        let row = { (player: UInt64, app: UInt32) in PlayerGame(steamID: Self.id(player), appID: app, minutesTotal: 1) }
        #expect(GameLibraryColumns(players: players, games: [row(1, 1), row(2, 1)]) != nil)
        #expect(GameLibraryColumns(players: players.reversed(), games: [row(1, 1)]) == nil, "players out of order")
        #expect(GameLibraryColumns(players: players + players, games: [row(1, 1)]) == nil, "a player twice")
        #expect(GameLibraryColumns(players: players, games: [row(2, 1), row(1, 1)]) == nil, "rows out of order")
        let long = PlayerGame(steamID: Self.id(1), appID: 1, minutesTotal: Int(Int32.max) + 1)
        #expect(GameLibraryColumns(players: players, games: [long]) == nil, "a playtime over 2³¹ − 1 minutes")
        let recent = PlayerGame(steamID: Self.id(2), appID: 1, minutesTotal: 5, minutes2Weeks: Int(Int32.max) + 1)
        #expect(GameLibraryColumns(players: players, games: [recent]) == nil, "a two-week playtime over 2³¹ − 1 minutes")
    }
}
