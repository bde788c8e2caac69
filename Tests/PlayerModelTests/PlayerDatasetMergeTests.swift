import PlayerModel
import Testing

@Suite struct PlayerDatasetMergeTests {
    /// A seeded LCG, so the pieces are the same on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11 | state << 53
        }
    }

    /// Pieces as normalize's partitions give them (each sorted canonically), with keys repeated inside and across
    /// pieces so the tie order is exercised: merging must equal concatenating and sorting stably.
    @Test(arguments: [0, 1, 2, 7, 64])
    func mergingEqualsConcatenatingAndSorting(pieceCount: Int) {
        var rng = Generator(state: UInt64(pieceCount) + 11)
        var pieces: [PlayerDataset?] = (0..<pieceCount).map { p in
            if p % 5 == 3 { return nil }
            var piece = PlayerDataset()
            for row in 0..<Int.random(in: 0...300, using: &rng) {
                let id = SteamID64(accountID: UInt32.random(in: 1...40, using: &rng))!
                let other = SteamID64(accountID: UInt32.random(in: 1...40, using: &rng))!
                let app = UInt32.random(in: 1...6, using: &rng)
                let tag = "p\(p)r\(row)"
                piece.players.append(Player(steamID: id))
                piece.players[piece.players.count - 1].personaName = tag
                piece.games.append(PlayerGame(steamID: id, appID: app, name: tag, minutesTotal: row, sources: [tag]))
                piece.friendships.append(Friendship(id, other, friendSince: Int64(row), sources: [tag]))
                piece.groupMembers.append(GroupMembership(groupID: GroupID64(rawValue: GroupID64.base + UInt64(app))!, steamID: id, sources: [tag]))
                piece.achievements.append(AchievementProgress(steamID: id, appID: row % 3 == 0 ? nil : app, gameName: row % 2 == 0 ? nil : "g",
                                                              achieved: row, total: row + 1, sources: [tag]))
            }
            piece.sortCanonically()
            return piece
        }
        var expected = PlayerDataset()
        for piece in pieces.compactMap({ $0 }) {
            expected.players += piece.players
            expected.games += piece.games
            expected.friendships += piece.friendships
            expected.groups += piece.groups
            expected.groupMembers += piece.groupMembers
            expected.achievements += piece.achievements
            expected.preferences += piece.preferences
        }
        expected.sortCanonically()
        let merged = PlayerDataset.mergingSortedPieces(&pieces)
        #expect(merged == expected)
        #expect(merged.games.map(\.name) == expected.games.map(\.name))
        #expect(pieces.allSatisfy { $0 == nil })
    }

    /// `sortCanonically` is a stable sort whether or not a table is already in order (sorted tables are only
    /// checked): shuffled rows with repeated keys come out in key order, ties in their input order.
    @Test func sortCanonicallyIsStableForSortedAndUnsortedTables() {
        var rng = Generator(state: 5)
        for shuffled in [false, true] {
            var dataset = PlayerDataset()
            for row in 0..<500 {
                let id = SteamID64(accountID: shuffled ? UInt32.random(in: 1...30, using: &rng) : UInt32(1 + row / 17))!
                var player = Player(steamID: id)
                player.personaName = "r\(row)"
                dataset.players.append(player)
                dataset.friendships.append(Friendship(id, SteamID64(accountID: 99)!, friendSince: Int64(row), sources: []))
            }
            let expectedPlayers = dataset.players.enumerated()
                .sorted { ($0.element.steamID, $0.offset) < ($1.element.steamID, $1.offset) }.map(\.element.personaName)
            let expectedSince = dataset.friendships.enumerated()
                .sorted { ($0.element.a, $0.element.b, $0.offset) < ($1.element.a, $1.element.b, $1.offset) }.map(\.element.friendSince)
            dataset.sortCanonically()
            #expect(dataset.players.map(\.personaName) == expectedPlayers, "shuffled \(shuffled)")
            #expect(dataset.friendships.map(\.friendSince) == expectedSince, "shuffled \(shuffled)")
        }
    }
}
