import Dota
import Ingest
import PipelineCore
import PlayerModel
import Testing

@Suite struct DotaPairingNotesTests {
    typealias H = HandBuiltHistory

    static func pairings(_ pairs: [(SteamID64, SteamID64)]) -> Table {
        var table = Table(name: "pairings", columns: ["steamid", "rank", "candidate", "reason"])
        for (rank, pair) in pairs.enumerated() {
            table.append([.id(pair.0.rawValue), .int(rank + 1), .id(pair.1.rawValue), .string("you both sank 5 h into Dota 2")])
        }
        return table
    }

    @Test func playersOfARecordedMatchAreMarkedAndSharedRolesExplained() {
        let stranger = SteamID64(accountID: 99)!
        var tables = [Self.pairings([(H.p, H.q), (H.q, H.p), (H.p, stranger)]), Table(name: "players", columns: ["steamid"])]
        DotaPairingNotes.annotate(&tables, dataset: DotaDataset(matches: H.matches))
        let table = tables[0]
        #expect(table.columns.suffix(2) == ["dota_matches_together", "dota_shared_roles"])
        // P and Q were both in m1 and m2; P plays support and carry heroes, Q carry and support.
        #expect(table.rows[0].suffix(3) == [
            .string("you both sank 5 h into Dota 2; played 2 recorded Dota matches together; you both play carry and support heroes"),
            .int(2), .list([.string("carry"), .string("support")]),
        ])
        #expect(table.rows[1][4] == .int(2))
        #expect(table.rows[2].suffix(3) == [.string("you both sank 5 h into Dota 2"), .int(0), .list([])])
        #expect(tables[1].columns == ["steamid"])          // other tables untouched
    }

    /// Only players of the run's dataset are counted: a player outside it adds no pairs and no roles.
    @Test func onlyTheGivenPlayersAreCounted() {
        let positions = DotaPairingNotes.Positions(["steamid", "rank", "candidate", "reason"])!
        func row(_ players: [SteamID64]) -> [Cell] {
            let notes = DotaPairingNotes(dataset: DotaDataset(matches: H.matches), players: players.map(\.rawValue))
            var row: [Cell] = [.id(H.p.rawValue), .int(1), .id(H.q.rawValue), .string("r")]
            notes.annotate(&row, at: positions)
            return row
        }
        #expect(row([H.p, H.q]).suffix(3) == [.string("r; played 2 recorded Dota matches together; you both play carry and support heroes"),
                                              .int(2), .list([.string("carry"), .string("support")])])
        #expect(row([H.p]).suffix(3) == [.string("r"), .int(0), .list([])])
    }
}

