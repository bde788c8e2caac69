import Lobby
import Pairing
import PipelineCore
import PlayerModel
import SyntheticData

/// Seeded instances for the solver tests.
enum LobbyTestInstances {
    /// A random problem: `n` players, each pair compatible with probability `density` (score random), sizes 2–5,
    /// one of four evening availability patterns, a fifth of the players with one or two of four roles.
    static func random(n: Int, seed: UInt64, density: Double = 0.35) -> LobbyProblem {
        var rng = SeededGenerator(seed: seed)
        var players: [LobbyProblem.Player] = []
        for i in 0..<n {
            let lo = 2 + Int(rng.next() % 2)
            let hi = lo + Int(rng.next() % 3)
            var mask = WeeklyHourMask()
            let pattern = Int(rng.next() % 4)
            for day in 0..<7 where (day + pattern) % 2 == 0 || pattern == 3 {
                for hour in (18 + pattern)..<(22 + pattern) { mask.insert(hour: day * 24 + hour) }
            }
            let roles: UInt32 = rng.nextUnit() < 0.2 ? UInt32(1 << (rng.next() % 4)) | (rng.nextUnit() < 0.5 ? UInt32(1 << (rng.next() % 4)) : 0) : 0
            players.append(LobbyProblem.Player(key: UInt64(1000 + i), minSize: lo, maxSize: hi, roleMask: roles,
                                               availability: mask.words, carried: rng.nextUnit() < 0.1))
        }
        var edges: [(a: Int, b: Int, score: UInt64)] = []
        for a in 0..<n {
            for b in (a + 1)..<n where rng.nextUnit() < density { edges.append((a, b, 1 + rng.next() % 1_000_000)) }
        }
        return LobbyProblem(players: players, edges: edges, requiredRoles: 0b1111, minOverlapHours: 2)
    }

    /// The largest (game, group) instance of a synthetic population where everybody with preferences asks for
    /// one game and states availability, cut to its first `n` players.
    static func synthetic(n: Int, seed: UInt64) -> LobbyProblem {
        var generator = SyntheticPopulationConfig(players: n * 3, seed: seed)
        generator.shareAskingForLobbies = generator.shareWithPreferences
        generator.shareWithAvailability = 1
        generator.lobbyGames = 1
        let dataset = SyntheticPopulation.generate(generator)
        let config = LobbyConfig(exactUpTo: 0)
        let population = PreparedPopulation(dataset: dataset, config: config.pairing)
        let requests = LobbyRequestSet(population: population, preferences: dataset.preferences, previouslyUnplaced: [],
                                       config: config)
        let instance = requests.instances.max { $0.members.count < $1.members.count }!
        let full = instance.problem(in: population)
        return full.subproblem(Array(0..<min(n, full.count)))
    }
}
