import Dota
import Pairing
import PlayerModel

/// The lobby requests of a run, grouped into one `LobbyInstance` per (appid, group) and sorted by it, plus the
/// requests that cannot be considered (not a player, over the per-player limit, no availability).
///
/// A player's requests come from their preferences row (the first row per steamid in steamid order); only their
/// first `max_lobbies_per_player` requests are considered. Each instance lists its players in steamid order.
/// A Dota 2 request without stated roles takes the roles of the player's hero pool (`LobbyHeroPoolRoles`) when
/// `heroPoolRoles` has them; such roles never add to the roles an instance requires (only stated ones do).
public struct LobbyRequestSet: Sendable {
    public struct Unplaced: Sendable, Hashable {
        public var steamID: SteamID64
        public var appID: UInt32
        public var reason: LobbyUnplacedReason
    }

    public var instances: [LobbyInstance]
    public var unplaced: [Unplaced]
    public var playersAsking: Int
    public var requests: Int
    public var roleNamesIgnored: Int
    let catalogue: LobbyRoleCatalogue

    public init(population: PreparedPopulation, preferences: [PlayerPreferences], previouslyUnplaced: Set<SteamID64>,
                config: LobbyConfig, heroPoolRoles: [SteamID64: DotaRoleSet] = [:]) {
        var firstRow: [SteamID64: PlayerPreferences] = [:]
        for p in preferences where !p.lobbies.isEmpty && firstRow[p.steamID] == nil { firstRow[p.steamID] = p }
        let asking = firstRow.keys.sorted()
        let dotaApp = LobbyHeroPoolRoles.appID
        // Roles from the hero pool, by player, for their Dota 2 requests that state none.
        var derivedNames: [SteamID64: [String]] = [:]
        for id in asking {
            guard let set = heroPoolRoles[id],
                  firstRow[id]!.lobbies.contains(where: { $0.appID == dotaApp && $0.roles.isEmpty && $0.roleMask == nil })
            else { continue }
            let names = LobbyHeroPoolRoles.names(set, configured: config.roles[dotaApp] ?? [])
            if !names.isEmpty { derivedNames[id] = names }
        }
        let catalogue = LobbyRoleCatalogue(configured: config.roles, requests: asking.flatMap { firstRow[$0]!.lobbies },
                                           derived: [dotaApp: Set(derivedNames.values.joined())])
        self.catalogue = catalogue
        playersAsking = asking.count
        requests = 0
        roleNamesIgnored = 0
        unplaced = []
        struct Key: Hashable, Comparable {
            var app: UInt32
            var group: String
            static func < (l: Key, r: Key) -> Bool { (l.app, l.group) < (r.app, r.group) }
        }
        var byKey: [Key: [(index: Int, player: LobbyProblem.Player, derived: Bool)]] = [:]
        for id in asking {
            let prefs = firstRow[id]!
            requests += prefs.lobbies.count
            guard let u = population.denseIndex(of: id) else {
                unplaced += prefs.lobbies.map { Unplaced(steamID: id, appID: $0.appID, reason: .notAPlayer) }
                continue
            }
            for (k, r) in prefs.lobbies.enumerated() {
                guard k < config.maxLobbiesPerPlayer else {
                    unplaced.append(Unplaced(steamID: id, appID: r.appID, reason: .overLimit))
                    continue
                }
                guard let mask = population.availabilityMask(u), mask.count > 0 else {
                    unplaced.append(Unplaced(steamID: id, appID: r.appID, reason: .noAvailability))
                    continue
                }
                let size = config.sizeRange(r.appID, minPlayers: r.minPlayers, maxPlayers: r.maxPlayers)
                let stated = !r.roles.isEmpty || r.roleMask != nil
                let derived = !stated && r.appID == dotaApp ? derivedNames[id] : nil
                let roles = derived.map { catalogue.mask(r.appID, names: $0) } ?? catalogue.mask(r)
                roleNamesIgnored += roles.ignored
                let player = LobbyProblem.Player(key: id.rawValue, minSize: size.lowerBound, maxSize: size.upperBound,
                                                 roleMask: roles.mask, availability: mask.words,
                                                 carried: previouslyUnplaced.contains(id))
                byKey[Key(app: r.appID, group: r.group ?? ""), default: []].append((u, player, derived != nil))
            }
        }
        instances = byKey.keys.sorted().map { key in
            let entries = byKey[key]!.sorted { $0.index < $1.index }
            let union = entries.reduce(UInt32(0)) { $0 | ($1.derived ? 0 : $1.player.roleMask) }
            return LobbyInstance(appID: key.app, group: key.group.isEmpty ? nil : key.group, members: entries.map(\.index),
                                 players: entries.map(\.player), rolesFromHeroPool: entries.map(\.derived),
                                 requiredRoles: catalogue.configuredMask(key.app) ?? union,
                                 minOverlapHours: config.minOverlapHours)
        }
    }

    /// Role names of a mask for a game.
    public func roleNames(_ app: UInt32, mask: UInt32) -> [String] { catalogue.roleNames(app, mask: mask) }
}

/// The requests for one game and group: players in steamid order and the lobby rules.
public struct LobbyInstance: Sendable {
    public var appID: UInt32
    public var group: String?
    /// Dense population indices, ascending: position i is `players[i]`.
    public var members: [Int]
    public var players: [LobbyProblem.Player]
    /// Whether `players[i]`'s roles come from their Dota 2 hero pool (they stated none).
    public var rolesFromHeroPool: [Bool]
    /// Configured roles of the game, else every role asked in this instance.
    public var requiredRoles: UInt32
    public var minOverlapHours: Int

    /// The problem with the pair filters decided by `population` (pairing's rules). A pair in `knownPairs`
    /// (friends, mutual matches) gets `bonus` added to its score: the objective's score, not the reported one.
    public func problem(in population: PreparedPopulation, knownPairs: Set<PairKey> = [], bonus: UInt64 = 0) -> LobbyProblem {
        let edges = population.groupEdges(among: members).map { e in
            let known = bonus > 0 && knownPairs.contains(PairKey(population.steamIDs[members[Int(e.a)]],
                                                                 population.steamIDs[members[Int(e.b)]]))
            return (a: Int(e.a), b: Int(e.b), score: e.score + (known ? bonus : 0))
        }
        return LobbyProblem(players: players, edges: edges, requiredRoles: requiredRoles, minOverlapHours: minOverlapHours)
    }
}
