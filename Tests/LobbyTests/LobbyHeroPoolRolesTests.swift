import Dota
import Ingest
import Lobby
import Pairing
import PipelineCore
import PlayerModel
import Testing

/// Dota 2 requests that state no role take the roles of the player's hero pool: a small hand-built match history
/// → role sets → the lobby's roles.
struct LobbyHeroPoolRolesTests {
    static let roleNames = ["carry", "mid", "offlane", "soft_support", "hard_support"]

    /// Three matches per player on one hero: Anti-Mage (1, carry), Shadow Fiend (11, mid), Axe (2, offlane),
    /// Crystal Maiden (5, support) and Lion (26, support).
    static func history(_ players: [SteamID64]) -> DotaDataset {
        let heroes = [1, 11, 2, 5, 26]
        var matches: [DotaMatch] = []
        for k in 0..<3 {
            let facts = DotaMatchFacts(matchID: UInt64(100 + k), players: players.enumerated().map { i, id in
                DotaPlayerFacts(account: .player(id), slot: UInt8(i), heroID: heroes[i])
            }, isDetailed: false)
            matches.append(DotaMatch(facts: facts, sources: ["m.json"], location: SourceLocation(file: "m.json")))
        }
        return DotaDataset(matches: matches)
    }

    @Test func namesFollowTheGamesRoles() {
        #expect(LobbyHeroPoolRoles.names([.support], configured: Self.roleNames) == ["soft_support", "hard_support"])
        #expect(LobbyHeroPoolRoles.names([.carry, .mid], configured: Self.roleNames) == ["carry", "mid"])
        #expect(LobbyHeroPoolRoles.names([.support, .carry], configured: []) == ["carry", "support"])
        #expect(LobbyHeroPoolRoles.names([.offlane], configured: ["safelane", "support"]) == [])
    }

    @Test func aLobbyGetsItsRolesFromTheHeroPools() throws {
        var data = LobbyRunTests.dataset(players: 3_000, seed: 5)
        var config = LobbyRunTests.config
        config.roles[570] = Self.roleNames
        let baseline = LobbyRun.run(LobbyRun.Input(dataset: data, decisions: [], config: config))
        // A Dota 2 lobby of five from a first run: its members' pair filters, windows and sizes hold together.
        let lobby = try #require(baseline.placed.first {
            baseline.requests.instances[$0.instance].appID == 570 && $0.members.count == 5
        })
        let population = PreparedPopulation(dataset: data, config: config.pairing)
        let five = lobby.members.map { population.steamIDs[$0] }
        // They now state no roles for Dota 2 (so they would all be flexible) ...
        data.preferences = data.preferences.map { p in
            guard five.contains(p.steamID) else { return p }
            var q = p
            q.lobbies = q.lobbies.map { r in
                var s = r
                if s.appID == 570 { s.roles = []; s.roleMask = nil }
                return s
            }
            return q
        }
        // ... and have played one hero each.
        let roles = LobbyHeroPoolRoles.roleSets(Self.history(five))
        #expect(five.map { roles[$0] } == [.carry, .mid, .offlane, .support, .support])
        let output = LobbyRun.run(LobbyRun.Input(dataset: data, decisions: [], heroPoolRoles: roles, config: config))
        let expected: [SteamID64: [String]] = [five[0]: ["carry"], five[1]: ["mid"], five[2]: ["offlane"],
                                               five[3]: ["soft_support", "hard_support"], five[4]: ["soft_support", "hard_support"]]
        // The request set took the pools' roles and did not add them to what the instance requires.
        let instance = try #require(output.requests.instances.first { $0.appID == 570 && $0.group == lobby.group(in: baseline) })
        for (position, u) in instance.members.enumerated() where five.contains(population.steamIDs[u]) {
            #expect(instance.rolesFromHeroPool[position])
            #expect(output.requests.roleNames(570, mask: instance.players[position].roleMask) == expected[population.steamIDs[u]])
        }
        #expect(instance.requiredRoles == 0b11111)
        // Each of the five placed in a Dota 2 lobby lists the roles of their hero pool.
        var seen = 0
        for row in output.members.rows {
            guard case .id(let raw) = row[2], let id = SteamID64(rawValue: raw), five.contains(id), row[1] == .int(570) else { continue }
            seen += 1
            #expect(row[3] == .list((expected[id] ?? []).map(Cell.string)))
        }
        #expect(seen == 5)
        #expect(output.lobbies.rows.contains { row in
            if case .string(let reason) = row.last { return reason.contains("from Dota hero pools") }
            return false
        })
    }
}

extension LobbyRun.PlacedLobby {
    func group(in output: LobbyRun.Output) -> String? { output.requests.instances[instance].group }
}
