import Lobby
import Pairing
import PipelineCore
import PlayerModel
import Testing

/// Friends and mutual matches may share a lobby and get `friendBonus` added to their pair's score in the
/// objective (never in the reported scores).
struct LobbyFriendBonusTests {
    static func knownPairsTogether(_ output: LobbyRun.Output, _ population: PreparedPopulation, _ known: Set<PairKey>) -> Int {
        var count = 0
        for lobby in output.placed {
            let ids = lobby.members.map { population.steamIDs[$0] }
            for a in ids.indices { for b in (a + 1)..<ids.count where known.contains(PairKey(ids[a], ids[b])) { count += 1 } }
        }
        return count
    }

    @Test func theBonusRaisesExactlyTheKnownPairsScores() throws {
        let data = LobbyRunTests.dataset(players: 1_500, seed: 4)
        let config = LobbyRunTests.config
        let population = PreparedPopulation(dataset: data, config: config.pairing)
        let requests = LobbyRequestSet(population: population, preferences: data.preferences, previouslyUnplaced: [], config: config)
        let instance = try #require(requests.instances.max { $0.members.count < $1.members.count })
        let plain = instance.problem(in: population)
        let (u, v) = try #require((0..<plain.count).lazy.compactMap { u in plain.neighbours(u).first.map { (u, Int($0)) } }.first)
        let known: Set<PairKey> = [PairKey(population.steamIDs[instance.members[u]], population.steamIDs[instance.members[v]])]
        let bonus: UInt64 = 12_345
        let boosted = instance.problem(in: population, knownPairs: known, bonus: bonus)
        for a in 0..<plain.count {
            for b in plain.neighbours(a).map(Int.init) {
                let raised = (a, b) == (u, v) || (a, b) == (v, u)
                #expect(boosted.score(a, b) == plain.score(a, b)! + (raised ? bonus : 0))
            }
        }
    }

    /// With a strong bonus, more pairs of friends and mutual matches share lobbies than without one, and the
    /// lobbies stay valid with the same reported scores' meaning (the summary's least-misery total is pairing's).
    @Test func friendsAndMatchesShareMoreLobbiesWithTheBonus() throws {
        let data = LobbyRunTests.dataset(players: 3_000, seed: 5)
        let population = PreparedPopulation(dataset: data, config: LobbyRunTests.config.pairing)
        // Mutual matches between players who asked for lobbies (every tenth asker with the next one).
        let askers = data.preferences.filter { !$0.lobbies.isEmpty }.map(\.steamID).sorted()
        var decisions: [Decision] = []
        for i in stride(from: 0, to: askers.count - 1, by: 10) {
            decisions.append(Decision(from: askers[i], to: askers[i + 1], kind: .accept, at: 1))
            decisions.append(Decision(from: askers[i + 1], to: askers[i], kind: .accept, at: 2))
        }
        var known = Set(data.friendships.map { PairKey($0.a, $0.b) })
        for i in stride(from: 0, to: askers.count - 1, by: 10) { known.insert(PairKey(askers[i], askers[i + 1])) }
        var off = LobbyRunTests.config
        off.friendBonus = 0
        var strong = LobbyRunTests.config
        strong.friendBonus = 1
        let without = LobbyRun.run(LobbyRun.Input(dataset: data, decisions: decisions, config: off))
        let with = LobbyRun.run(LobbyRun.Input(dataset: data, decisions: decisions, config: strong))
        let before = Self.knownPairsTogether(without, population, known), after = Self.knownPairsTogether(with, population, known)
        #expect(after > before, "known pairs together: \(before) without the bonus, \(after) with it")
        // Placement comes first: the bonus only reorders who is with whom.
        #expect(with.summary.requestsPlaced >= without.summary.requestsPlaced - without.summary.requestsPlaced / 100)
        for lobby in with.placed {
            #expect(with.requests.instances[lobby.instance].problem(in: population).defect(lobby.positions) == nil)
        }
        #expect(with.lobbies.rows.contains { row in
            if case .string(let reason) = row.last { return reason.contains("of friends or matches") }
            return false
        })
    }
}
