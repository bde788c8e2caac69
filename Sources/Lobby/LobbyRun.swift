import Dispatch
import Dota
import Foundation
import Pairing
import PipelineCore
import PlayerModel
import Synchronization

/// One lobby run: requests → disjoint valid lobbies per game and group → output tables, summary and the next
/// state. No disk I/O: the runner reads and writes the files.
///
/// Objective (per game and group, so a player gets at most one lobby per game): first the most players placed,
/// then the most players placed who were left out by the previous run (carry-over), then the highest sum of the
/// lobbies' least-misery scores (a lobby's weakest pairwise pairing score). Each connected part of the
/// compatibility graph is solved exactly (branch and bound, `ExactLobbySolver`) when it has at most `exactUpTo`
/// players and the search finishes within its budget, otherwise by `GreedyLobbySolver`. Instances are independent, so any thread count
/// gives the same output.
public enum LobbyRun {
    public struct Input: Sendable {
        public var population: PreparedPopulation
        public var preferences: [PlayerPreferences]
        /// Players listed in the previous run's `state/lobby_unplaced.jsonl`.
        public var previouslyUnplaced: [SteamID64]
        /// Friend pairs and mutual matches (`decisions.jsonl`): they may share a lobby, get `friendBonus` in the
        /// objective and are cited in a lobby's reason.
        public var friendships: [Friendship]
        public var matches: [PairKey]
        /// Dota 2 role sets from the players' hero pools (`LobbyHeroPoolRoles`), for Dota 2 requests stating no role.
        public var heroPoolRoles: [SteamID64: DotaRoleSet]
        public var config: LobbyConfig

        public init(population: PreparedPopulation, preferences: [PlayerPreferences], previouslyUnplaced: [SteamID64] = [],
                    friendships: [Friendship] = [], matches: [PairKey] = [], heroPoolRoles: [SteamID64: DotaRoleSet] = [:],
                    config: LobbyConfig) {
            self.population = population
            self.preferences = preferences
            self.previouslyUnplaced = previouslyUnplaced
            self.friendships = friendships
            self.matches = matches
            self.heroPoolRoles = heroPoolRoles
            self.config = config
        }

        /// Pairs of friends and mutual matches.
        var knownPairs: Set<PairKey> { Set(friendships.map { PairKey($0.a, $0.b) }).union(matches) }

        /// The population a lobby run needs from a dataset: only rejects and blocks exclude a pair.
        public init(dataset: PlayerDataset, decisions: [Decision], previouslyUnplaced: [SteamID64] = [],
                    heroPoolRoles: [SteamID64: DotaRoleSet] = [:], config: LobbyConfig) {
            let ledger = MatchLedger(decisions: decisions, previousMatches: [])
            var exclusions = PairExclusions()
            for key in ledger.suppressed { exclusions.exclude(key.a, key.b) }
            self.init(population: PreparedPopulation(dataset: dataset, exclusions: exclusions, config: config.pairing),
                      preferences: dataset.preferences, previouslyUnplaced: previouslyUnplaced,
                      friendships: dataset.friendships, matches: ledger.matches.map(\.pair), heroPoolRoles: heroPoolRoles,
                      config: config)
        }
    }

    /// One lobby: the instance it belongs to and its members as dense population indices (ascending).
    public struct PlacedLobby: Sendable, Hashable {
        public var instance: Int
        public var members: [Int]
        /// Positions of the members in the instance (same order as `members`).
        public var positions: [Int]
    }

    public struct Output: Sendable {
        public var lobbies: Table
        public var members: Table
        public var unplaced: Table
        public var summary: LobbySummary
        /// `state/lobby_unplaced.jsonl` for the next run.
        public var stateUnplaced: Table
        /// The lobbies in output order (lobby_id = position + 1), for checks.
        public var placed: [PlacedLobby]
        public var requests: LobbyRequestSet
    }

    /// Solution of one instance.
    struct Solved: Sendable {
        var lobbies: [[Int]]
        var degree: [Int]
        var exactParts = 0
        var greedyParts = 0
    }

    public static func run(_ input: Input) -> Output {
        let config = input.config
        let population = input.population
        let requests = LobbyRequestSet(population: population, preferences: input.preferences,
                                       previouslyUnplaced: Set(input.previouslyUnplaced), config: config,
                                       heroPoolRoles: input.heroPoolRoles)
        let known = input.knownPairs
        let solved = solveAll(requests.instances, population: population, knownPairs: known, config: config)
        return assemble(input, requests: requests, solved: solved, knownPairs: known)
    }

    /// Solves every instance in two parallel phases, each handing out its work largest first and keeping results
    /// by index, so the output is the same for any thread count: the instances' problems and connected parts, then
    /// every part of two or more players (a big game's parts spread over the threads like small games).
    static func solveAll(_ instances: [LobbyInstance], population: PreparedPopulation, knownPairs: Set<PairKey>,
                         config: LobbyConfig) -> [Solved] {
        let threads = config.threads
        let problems = parallelMap(instances.indices.map { instances[$0].members.count }, threads: threads) { i in
            let problem = instances[i].problem(in: population, knownPairs: knownPairs, bonus: config.friendBonusScore)
            return (problem: problem, parts: problem.components().filter { $0.count >= 2 })
        }
        let work = problems.indices.flatMap { i in problems[i].parts.indices.map { (instance: i, part: $0) } }
        let partSolutions = parallelMap(work.map { problems[$0.instance].parts[$0.part].count }, threads: threads) { w in
            let (problem, parts) = problems[work[w].instance]
            return solvePart(problem.subproblem(parts[work[w].part]), config: config)
        }
        var solved = problems.map { Solved(lobbies: [], degree: (0..<$0.problem.count).map($0.problem.degree)) }
        for (w, item) in work.enumerated() {
            let part = problems[item.instance].parts[item.part]
            solved[item.instance].lobbies += partSolutions[w].lobbies.map { $0.map { part[$0] } }
            if partSolutions[w].exact { solved[item.instance].exactParts += 1 } else { solved[item.instance].greedyParts += 1 }
        }
        return solved
    }

    /// `body(i)` for every `i` in `0..<sizes.count` on `threads` threads, largest `sizes[i]` first; results by index.
    static func parallelMap<T: Sendable>(_ sizes: [Int], threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        let next = Atomic<Int>(0)
        let results = Mutex([T?](repeating: nil, count: sizes.count))
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, sizes.count))) { _ in
            while true {
                let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k < order.count else { return }
                let value = body(order[k])
                results.withLock { $0[order[k]] = value }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// One connected part: exactly by branch and bound when it has at most `exactUpTo` players and the search
    /// finishes within its budget, else by the bulk solver.
    static func solvePart(_ part: LobbyProblem, config: LobbyConfig) -> (lobbies: [[Int]], exact: Bool) {
        if part.count <= config.exactUpTo, let best = ExactLobbySolver(maxLobbies: 200_000, maxNodes: 500_000).solve(part) {
            return (best.lobbies, true)
        }
        return (GreedyLobbySolver().solve(part).lobbies, false)
    }

    public static let lobbyColumns = [
        "lobby_id", "appid", "game_name", "group", "size", "members", "roles_filled", "flexible_members", "min_score",
        "mean_score", "shared_utc_hours", "common_window_utc", "local_windows", "max_distance_km", "reason",
    ]
    public static let memberColumns = [
        "lobby_id", "appid", "steamid", "roles", "carried_over", "weakest_pair_score", "time_zone", "common_window_local",
    ]

    static func assemble(_ input: Input, requests: LobbyRequestSet, solved: [Solved], knownPairs: Set<PairKey>) -> Output {
        let population = input.population
        var zoneOf: [SteamID64: String] = [:]
        for p in input.preferences where zoneOf[p.steamID] == nil { if let z = p.timeZone { zoneOf[p.steamID] = z } }

        var placed: [PlacedLobby] = []
        for (i, s) in solved.enumerated() {
            let instance = requests.instances[i]
            for lobby in s.lobbies {
                let positions = lobby.sorted()
                placed.append(PlacedLobby(instance: i, members: positions.map { instance.members[$0] }, positions: positions))
            }
        }
        placed.sort { ($0.instance, $0.members[0]) < ($1.instance, $1.members[0]) }

        var lobbies = Table(name: "lobbies", columns: lobbyColumns)
        var members = Table(name: "lobby_members", columns: memberColumns)
        var histogram: [String: Int] = [:]
        var leastMiseryTotal = 0.0
        var placedPositions = [Set<Int>](repeating: [], count: solved.count)
        var playersPlaced = Set<Int>()
        for (n, lobby) in placed.enumerated() {
            let instance = requests.instances[lobby.instance]
            let ids = lobby.members.map { population.steamIDs[$0] }
            var worst = UInt64.max, total = 0.0, pairs = 0, maxDistance: Double? = 0, friendPairs = 0
            var weakestOf = [UInt64](repeating: .max, count: ids.count)
            for a in ids.indices {
                for b in (a + 1)..<ids.count {
                    guard let verdict = population.groupVerdict(lobby.members[a], lobby.members[b]) else {
                        preconditionFailure("a lobby pair fails the pair filters")
                    }
                    worst = min(worst, verdict.score)
                    weakestOf[a] = min(weakestOf[a], verdict.score); weakestOf[b] = min(weakestOf[b], verdict.score)
                    total += ScoreModel.scoreValue(verdict.score)
                    pairs += 1
                    if let d = verdict.distanceKm, let m = maxDistance { maxDistance = max(m, d) } else { maxDistance = nil }
                    if knownPairs.contains(PairKey(ids[a], ids[b])) { friendPairs += 1 }
                }
            }
            var common = WeeklyHourMask()
            common.words = [UInt64.max, UInt64.max, UInt64.max]
            var covered: UInt32 = 0, flexible = 0, fromHeroPool = 0
            for p in lobby.positions {
                let player = instance.players[p]
                if instance.rolesFromHeroPool[p] { fromHeroPool += 1 }
                common.words[0] &= player.availability0; common.words[1] &= player.availability1
                common.words[2] &= player.availability2
                if player.roleMask == 0 { flexible += 1 } else { covered |= player.roleMask }
            }
            let zones = Set(ids.map { zoneOf[$0] ?? "UTC" }).sorted()
            let localWindows = zones.map { "\($0): " + WeeklyWindowText.text(common, offsetMinutes: WeeklyWindowText.offsetMinutes($0)) }
            let name = population.gameNames[instance.appID]
            let rolesFilled = requests.roleNames(instance.appID, mask: covered)
            let lobbyID = n + 1
            histogram[String(ids.count), default: 0] += 1
            leastMiseryTotal += ScoreModel.scoreValue(worst)
            var reason = "\(ids.count) players for \(name ?? "app \(instance.appID)")"
            if let group = instance.group { reason += " [\(group)]" }
            reason += covered == 0 ? "" : (rolesFilled.isEmpty ? "" : ", roles " + rolesFilled.joined(separator: ", "))
            if covered != 0 && flexible > 0 { reason += " + \(flexible) flexible" }
            if fromHeroPool > 0 { reason += " (\(fromHeroPool) from Dota hero pools)" }
            reason += ", \(common.count) h a week together"
            if let d = maxDistance { reason += ", within \(Cell.formatFixed(d, places: 0)) km" } else { reason += ", any distance" }
            reason += ", weakest pair " + Cell.formatFixed(ScoreModel.scoreValue(worst), places: 3)
            if friendPairs > 0 { reason += ", \(friendPairs) pair\(friendPairs == 1 ? "" : "s") of friends or matches" }
            lobbies.append([
                .int(lobbyID), .int(Int64(instance.appID)), .optional(name), .optional(instance.group), .int(ids.count),
                .list(ids.map { .id($0.rawValue) }), .list(rolesFilled.map(Cell.string)), .int(flexible),
                .fixed(ScoreModel.scoreValue(worst), places: 6), .fixed(total / Double(max(1, pairs)), places: 6),
                .int(common.count), .string(WeeklyWindowText.text(common)), .list(localWindows.map(Cell.string)),
                .optional(maxDistance, places: 1), .string(reason),
            ])
            for (k, id) in ids.enumerated() {
                let player = instance.players[lobby.positions[k]]
                let zone = zoneOf[id]
                members.append([
                    .int(lobbyID), .int(Int64(instance.appID)), .id(id.rawValue),
                    .list(requests.roleNames(instance.appID, mask: player.roleMask).map(Cell.string)), .bool(player.carried),
                    .fixed(ScoreModel.scoreValue(weakestOf[k]), places: 6), .optional(zone),
                    .string(WeeklyWindowText.text(common, offsetMinutes: WeeklyWindowText.offsetMinutes(zone))),
                ])
                playersPlaced.insert(lobby.members[k])
            }
            placedPositions[lobby.instance].formUnion(lobby.positions)
        }

        var unplacedRows = requests.unplaced
        for (i, instance) in requests.instances.enumerated() {
            for (p, u) in instance.members.enumerated() where !placedPositions[i].contains(p) {
                unplacedRows.append(.init(steamID: population.steamIDs[u], appID: instance.appID,
                                          reason: solved[i].degree[p] == 0 ? .noCompatiblePlayer : .noValidLobby))
            }
        }
        unplacedRows.sort { ($0.steamID, $0.appID) < ($1.steamID, $1.appID) }
        var unplaced = Table(name: "lobby_unplaced", columns: ["steamid", "appid", "reason"])
        var byReason: [String: Int] = [:]
        for r in LobbyUnplacedReason.allCases { byReason[r.rawValue] = 0 }
        for r in unplacedRows {
            unplaced.append([.id(r.steamID.rawValue), .int(Int64(r.appID)), .string(r.reason.rawValue)])
            byReason[r.reason.rawValue, default: 0] += 1
        }
        var state = unplaced
        state.name = "state/lobby_unplaced"

        let askingCarried = requests.instances.flatMap { inst in inst.players.filter(\.carried).map(\.key) }
        let placedCarried = placed.flatMap { lobby in
            lobby.positions.compactMap { p -> UInt64? in
                let player = requests.instances[lobby.instance].players[p]
                return player.carried ? player.key : nil
            }
        }
        let summary = LobbySummary(
            playersAsking: requests.playersAsking, requests: requests.requests, playersPlaced: playersPlaced.count,
            requestsPlaced: placed.reduce(0) { $0 + $1.members.count }, lobbies: placed.count, unplacedByReason: byReason,
            lobbySizeHistogram: histogram, leastMiseryTotal: leastMiseryTotal,
            carriedOverAsking: Set(askingCarried).count, carriedOverPlaced: Set(placedCarried).count,
            partsExact: solved.reduce(0) { $0 + $1.exactParts }, partsGreedy: solved.reduce(0) { $0 + $1.greedyParts },
            roleNamesIgnored: requests.roleNamesIgnored)
        return Output(lobbies: lobbies, members: members, unplaced: unplaced, summary: summary, stateUnplaced: state,
                      placed: placed, requests: requests)
    }
}
