import Lobby
import Pairing
import PipelineCore
import PlayerModel
import SyntheticData
import Testing

struct LobbyRunTests {
    static func dataset(players: Int = 3_000, seed: UInt64 = 5) -> PlayerDataset {
        var generator = SyntheticPopulationConfig(players: players, seed: seed)
        generator.shareAskingForLobbies = 0.5
        generator.lobbyGames = 6
        return SyntheticPopulation.generate(generator)
    }

    static let config = LobbyConfig(defaultSizes: [570: 5...5], roles: [570: ["carry", "mid", "offlane", "support"]], threads: 1)

    static func run(_ dataset: PlayerDataset, threads: Int = 1, previouslyUnplaced: [SteamID64] = [],
                    decisions: [Decision] = []) -> LobbyRun.Output {
        var config = Self.config
        config.threads = threads
        return LobbyRun.run(LobbyRun.Input(dataset: dataset, decisions: decisions, previouslyUnplaced: previouslyUnplaced,
                                           config: config))
    }

    /// Every lobby re-checked from scratch: sizes against each member's own request, every pair through pairing's
    /// filters, the common window, roles; nobody twice per game and nobody over the per-player total.
    @Test func everyLobbyIsValid() throws {
        let data = Self.dataset()
        let output = Self.run(data)
        #expect(output.summary.lobbies > 20)
        let population = PreparedPopulation(dataset: data, config: Self.config.pairing)
        var requestOf: [SteamID64: [UInt32: LobbyRequest]] = [:]
        for p in data.preferences { for r in p.lobbies { requestOf[p.steamID, default: [:]][r.appID] = r } }
        var perGame = Set<String>()
        var perPlayer: [SteamID64: Int] = [:]
        for lobby in output.placed {
            let instance = output.requests.instances[lobby.instance]
            let ids = lobby.members.map { population.steamIDs[$0] }
            for id in ids {
                #expect(perGame.insert("\(id):\(instance.appID)").inserted, "player \(id) twice for \(instance.appID)")
                perPlayer[id, default: 0] += 1
                let request = try #require(requestOf[id]?[instance.appID])
                #expect(request.group == instance.group)
                let size = Self.config.sizeRange(instance.appID, minPlayers: request.minPlayers, maxPlayers: request.maxPlayers)
                #expect(size.contains(ids.count), "lobby of \(ids.count) for a request of \(size)")
            }
            var common = WeeklyHourMask()
            common.words = [.max, .max, .max]
            for u in lobby.members {
                let mask = try #require(population.availabilityMask(u))
                common.words = zip(common.words, mask.words).map { $0 & $1 }
            }
            #expect(common.count >= Self.config.minOverlapHours)
            for a in lobby.members.indices {
                for b in (a + 1)..<lobby.members.count {
                    #expect(population.groupVerdict(lobby.members[a], lobby.members[b]) != nil)
                }
            }
            #expect(instance.problem(in: population).defect(lobby.positions) == nil)
        }
        #expect(perPlayer.values.allSatisfy { $0 <= Self.config.maxLobbiesPerPlayer })
        // Tables agree with the summary.
        #expect(output.lobbies.rows.count == output.summary.lobbies)
        #expect(output.members.rows.count == output.summary.requestsPlaced)
        #expect(output.summary.requestsPlaced + output.unplaced.rows.count == output.summary.requests)
    }

    @Test func blockedPlayersNeverShareALobby() throws {
        let data = Self.dataset(players: 1_500, seed: 9)
        let first = Self.run(data)
        let lobby = try #require(first.placed.first)
        let population = PreparedPopulation(dataset: data, config: Self.config.pairing)
        let a = population.steamIDs[lobby.members[0]], b = population.steamIDs[lobby.members[1]]
        let second = Self.run(data, decisions: [Decision(from: a, to: b, kind: .block, at: 1)])
        let together = second.placed.contains { $0.members.contains(lobby.members[0]) && $0.members.contains(lobby.members[1]) }
        #expect(!together)
    }

    @Test func sameOutputForAnyThreadCountAndInputOrder() {
        let data = Self.dataset()
        let one = Self.run(data, threads: 1)
        let four = Self.run(data, threads: 4)
        var shuffled = data
        var rng = SeededGenerator(seed: 77)
        shuffled.players.shuffle(using: &rng)
        shuffled.preferences.shuffle(using: &rng)
        shuffled.games.shuffle(using: &rng)
        let reordered = Self.run(shuffled, threads: 3)
        for other in [four, reordered] {
            #expect(other.lobbies == one.lobbies)
            #expect(other.members == one.members)
            #expect(other.unplaced == one.unplaced)
            #expect(other.summary == one.summary)
        }
    }

    @Test func playersLeftOutLastTimeArePlacedFirst() {
        let data = Self.dataset()
        let first = Self.run(data)
        let leftOut = Set(first.stateUnplaced.rows.compactMap { row -> SteamID64? in
            if case .id(let raw) = row[0] { return SteamID64(rawValue: raw) }
            return nil
        })
        let second = Self.run(data, previouslyUnplaced: Array(leftOut))
        #expect(second.summary.carriedOverAsking > 0)
        #expect(second.summary.carriedOverPlaced > 0)
        // Placement never drops (carry-over only breaks ties), and more of last night's left-out players get in.
        #expect(second.summary.requestsPlaced >= first.summary.requestsPlaced - first.summary.requestsPlaced / 50)
        let placedBefore = Set(first.placed.flatMap(\.members)), placedAfter = Set(second.placed.flatMap(\.members))
        let population = PreparedPopulation(dataset: data, config: Self.config.pairing)
        let carriedIn = placedAfter.filter { leftOut.contains(population.steamIDs[$0]) }.count
        let carriedInBefore = placedBefore.filter { leftOut.contains(population.steamIDs[$0]) }.count
        #expect(carriedIn > carriedInBefore)
    }

    @Test func requestsBeyondTheLimitAreReported() {
        var data = Self.dataset(players: 800, seed: 2)
        var config = Self.config
        config.maxLobbiesPerPlayer = 1
        let output = LobbyRun.run(LobbyRun.Input(dataset: data, decisions: [], config: config))
        let expected = data.preferences.reduce(0) { $0 + max(0, $1.lobbies.count - 1) }
        #expect(output.summary.unplacedByReason["over_limit"] == expected)
        #expect(expected > 0)
        data.preferences = data.preferences.map { p in
            var q = p
            q.availability = nil
            return q
        }
        let none = LobbyRun.run(LobbyRun.Input(dataset: data, decisions: [], config: config))
        #expect(none.summary.lobbies == 0)
        #expect(none.summary.unplacedByReason["no_availability"] == data.preferences.filter { !$0.lobbies.isEmpty }.count)
    }
}
