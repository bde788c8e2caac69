import Foundation
import Ingest
import PipelineCore
import PlayerModel

/// The normalize state of one partition of the keys (see `FactPartitioning`): partial facts, each with the
/// `SourceRank` that stated it and the set of sources, so two partitions of the same keys **merge exactly**
/// (`merge(_:)`: highest rank wins field by field, sources are unioned; both are commutative and associative).
/// That is what lets a partition be spilled to disk and merged back, and what a distributed `convert` over
/// subsets of the input files can merge (issue #13). The app-wide facts achievements need (schema names,
/// global percentages) are kept by every partition, so each resolves on its own.
///
/// Codable as the spill format (`PartialFactsCodec`). Diagnostics about a document are the router's job
/// (`DatasetNormalizer`), so a document fanned out to several partitions is reported once.
public struct NormalizerPartition: Sendable, Codable {
    public let partitioning: FactPartitioning
    public let index: Int
    var players: [SteamID64: PlayerAccumulator] = [:]
    var games: [GameKey: GameAccumulator] = [:]
    var friendships: [FriendshipKey: FriendshipAccumulator] = [:]
    var groups: [GroupID64: GroupAccumulator] = [:]
    var memberships: [MembershipKey: Set<String>] = [:]
    var achievements: [AchievementKey: RankedAchievements] = [:]
    var globalPercentages: [UInt32: RankedPercentages] = [:]
    var schemaAppIDs: [String: RankedAppID] = [:]
    var preferences: [SteamID64: RankedPreferences] = [:]

    public init(partitioning: FactPartitioning = .single, index: Int = 0) {
        self.partitioning = partitioning
        self.index = index
    }

    /// Rough heap bytes held (entries times a measured per-entry size); drives spilling, never output.
    public var approximateBytes: Int {
        players.count * 900 + games.count * 260 + friendships.count * 160 + groups.count * 400 + memberships.count * 150
            + achievements.count * 600 + preferences.count * 700 + globalPercentages.count * 2_000 + schemaAppIDs.count * 100
    }

    public var isEmpty: Bool {
        players.isEmpty && games.isEmpty && friendships.isEmpty && groups.isEmpty && memberships.isEmpty
            && achievements.isEmpty && globalPercentages.isEmpty && schemaAppIDs.isEmpty && preferences.isEmpty
    }

    private func owns(_ id: SteamID64) -> Bool { partitioning.partition(of: id) == index }
    private func owns(_ id: GroupID64) -> Bool { partitioning.partition(of: id) == index }

    /// Adds the facts of one document that this partition owns. `owner` is the document's resolved owner
    /// (checked by the router); documents that need one and have none are never passed.
    mutating func add(_ document: IngestedDocument, owner: SteamID64?, rank: SourceRank, source: String) {
        let origin = document.origin
        switch document.content {
        case .profile(let facts):
            addProfile(facts, rank: rank, source: source)
        case .playerSummaries(let list):
            for facts in list { addProfile(facts, rank: rank, source: source) }
        case .gameLibrary(let library):
            guard let owner else { return }
            guard owns(owner) else { return }
            touch(owner, source)
            guard let list = library.games else { return }
            if library.kind != .recentlyPlayed { players[owner]!.gamesKnown = true }
            for game in list {
                games[GameKey(player: owner, appID: game.appID), default: GameAccumulator()]
                    .add(game, exactMinutes: library.hasExactMinutes, rank: rank, source: source)
            }
        case .friendList(let list):
            guard let owner else { return }
            if owns(owner) {
                touch(owner, source)
                if list.friends != nil { players[owner]!.friendsKnown = true }
            }
            if let friends = list.friends { addFriends(friends, of: owner, rank: rank, source: source) }
        case .memberList(let list):
            addGroup(list.group, rank: rank, source: source)
            for member in list.members where owns(member) {
                memberships[MembershipKey(group: list.group.groupID, player: member), default: []].insert(source)
            }
        case .playerBans(let list):
            for facts in list where owns(facts.steamID) {
                players[facts.steamID, default: PlayerAccumulator()].add(bans: facts, rank: rank)
                players[facts.steamID]!.sources.insert(source)
            }
        case .playerAchievements(let facts):
            guard let owner, owns(owner), facts.achievements != nil else { return }
            touch(owner, source)
            let key = AchievementKey(player: owner, appID: origin.appID, gameName: facts.gameName ?? "")
            achievements[key, default: RankedAchievements(facts: facts, rank: rank, sources: [])]
                .merge(RankedAchievements(facts: facts, rank: rank, sources: [source]))
        case .gameSchema(let schema):
            if let appID = origin.appID, let name = schema.gameName, !name.isEmpty {
                schemaAppIDs[name, default: RankedAppID(appID: appID, rank: rank)].merge(RankedAppID(appID: appID, rank: rank))
            }
        case .globalAchievementPercentages(let facts):
            guard let appID = origin.appID else { return }
            var entries: [String: Double] = [:]
            for entry in facts.entries { entries[entry.name] = entry.percent }
            globalPercentages[appID, default: RankedPercentages(entries: entries, rank: rank)]
                .merge(RankedPercentages(entries: entries, rank: rank))
        case .preferences(let facts):
            guard owns(facts.steamID) else { return }
            touch(facts.steamID, source)
            let offered = RankedPreferences(facts: facts, rank: SourceRank(origin: origin, isJSON: true, fetchedAtOverride: facts.updatedAt),
                                            origin: origin)
            preferences[facts.steamID, default: offered].merge(offered)
        case .vanityResolution, .steamLevel, .dota, .errorResponse:
            return
        }
    }

    /// Folds `other` (the same partition, from a spill file or another worker's subset of the input) into
    /// this one. The result equals adding both partitions' documents to one partition, in any order.
    public mutating func merge(_ other: NormalizerPartition) {
        precondition(other.partitioning == partitioning && other.index == index, "merging different partitions")
        for (id, accumulator) in other.players { players[id, default: PlayerAccumulator()].merge(accumulator) }
        for (key, accumulator) in other.games { games[key, default: GameAccumulator()].merge(accumulator) }
        for (key, accumulator) in other.friendships { friendships[key, default: FriendshipAccumulator()].merge(accumulator) }
        for (id, accumulator) in other.groups { groups[id, default: GroupAccumulator()].merge(accumulator) }
        for (key, sources) in other.memberships { memberships[key, default: []].formUnion(sources) }
        for (key, entry) in other.achievements { achievements[key, default: entry].merge(entry) }
        for (appID, entry) in other.globalPercentages { globalPercentages[appID, default: entry].merge(entry) }
        for (name, entry) in other.schemaAppIDs { schemaAppIDs[name, default: entry].merge(entry) }
        for (id, entry) in other.preferences { preferences[id, default: entry].merge(entry) }
    }

    /// This partition's rows (unsorted; `PlayerDataset.sortCanonically()` orders the concatenation).
    public func resolve(locator: (any PlayerLocator)?, diagnostics: some DiagnosticSink) -> PlayerDataset {
        var dataset = PlayerDataset()
        dataset.players = players.map { id, accumulator in accumulator.resolve(steamID: id, locator: locator) }
        dataset.games = games.map { key, accumulator in accumulator.resolve(key) }
        dataset.friendships = friendships.map { key, accumulator in
            Friendship(key.a, key.b, friendSince: accumulator.friendSince.value, sources: accumulator.sources.sorted())
        }
        dataset.groups = groups.map { id, accumulator in accumulator.resolve(id) }
        dataset.groupMembers = memberships.map { key, sources in
            GroupMembership(groupID: key.group, steamID: key.player, sources: sources.sorted())
        }
        dataset.achievements = achievements.map { key, entry in resolveAchievements(key, entry) }
        dataset.preferences = preferences.map { id, entry in entry.resolve(id, diagnostics: diagnostics) }
        return dataset
    }

    // MARK: - Pieces

    private mutating func touch(_ id: SteamID64, _ source: String) {
        players[id, default: PlayerAccumulator()].sources.insert(source)
    }

    private mutating func addProfile(_ facts: ProfileFacts, rank: SourceRank, source: String) {
        if owns(facts.steamID) {
            players[facts.steamID, default: PlayerAccumulator()].add(profile: facts, rank: rank)
            players[facts.steamID]!.sources.insert(source)
            if let mostPlayed = facts.mostPlayedGames {
                for game in mostPlayed {
                    games[GameKey(player: facts.steamID, appID: game.appID), default: GameAccumulator()]
                        .add(game, exactMinutes: rank.isJSON, rank: rank, source: source)
                }
            }
        }
        if let groupsList = facts.groups {
            for group in groupsList {
                addGroup(group, rank: rank, source: source)
                if owns(facts.steamID) {
                    memberships[MembershipKey(group: group.groupID, player: facts.steamID), default: []].insert(source)
                }
            }
        }
        if let friends = facts.friends {
            addFriends(friends, of: facts.steamID, rank: rank, source: source)
        }
    }

    private mutating func addFriends(_ friends: [FriendFacts], of owner: SteamID64, rank: SourceRank, source: String) {
        for friend in friends where friend.steamID != owner {
            let key = FriendshipKey(owner, friend.steamID)
            guard owns(key.a) else { continue }
            friendships[key, default: FriendshipAccumulator()].friendSince.offer(friend.friendSince, rank: rank)
            friendships[key]!.sources.insert(source)
        }
    }

    private mutating func addGroup(_ facts: GroupFacts, rank: SourceRank, source: String) {
        guard owns(facts.groupID) else { return }
        groups[facts.groupID, default: GroupAccumulator()].add(facts, rank: rank, source: source)
    }

    private func resolveAchievements(_ key: AchievementKey, _ entry: RankedAchievements) -> AchievementProgress {
        let states = entry.facts.achievements ?? []
        let appID = key.appID ?? schemaAppIDs[key.gameName]?.appID
        var mean: Double?
        if let appID, let global = globalPercentages[appID]?.entries {
            let known = states.filter(\.achieved).compactMap { global[$0.apiName] }
            if !known.isEmpty { mean = known.reduce(0, +) / Double(known.count) }
        }
        return AchievementProgress(steamID: key.player, appID: appID, gameName: key.gameName.isEmpty ? nil : key.gameName,
                                   achieved: states.filter(\.achieved).count, total: states.count,
                                   achievedGlobalPercentMean: mean, sources: entry.sources.sorted())
    }
}

/// One player's achievements for one game: the highest-ranked statement, and every source that made one.
struct RankedAchievements: Sendable, Codable {
    var facts: PlayerAchievementFacts
    var rank: SourceRank
    var sources: Set<String>

    mutating func merge(_ other: RankedAchievements) {
        sources.formUnion(other.sources)
        if other.rank > rank { (facts, rank) = (other.facts, other.rank) }
    }
}

/// An app's global achievement percentages from the highest-ranked document.
struct RankedPercentages: Sendable, Codable {
    var entries: [String: Double]
    var rank: SourceRank

    mutating func merge(_ other: RankedPercentages) {
        if other.rank > rank { self = other }
    }
}

/// The app id a game schema names, from the highest-ranked schema.
struct RankedAppID: Sendable, Codable {
    var appID: UInt32
    var rank: SourceRank

    mutating func merge(_ other: RankedAppID) {
        if other.rank > rank { self = other }
    }
}

/// A player's preferences from the highest-ranked `preferences.jsonl` line (ranked by `updated_at`).
struct RankedPreferences: Sendable, Codable {
    var facts: PreferencesFacts
    var rank: SourceRank
    var origin: DocumentOrigin

    mutating func merge(_ other: RankedPreferences) {
        if other.rank > rank { self = other }
    }

    func resolve(_ id: SteamID64, diagnostics: some DiagnosticSink) -> PlayerPreferences {
        var result = PlayerPreferences(steamID: id, favoriteAppIDs: facts.favoriteAppIDs, maxDistanceKm: facts.maxDistanceKm,
                                       anywhere: facts.anywhere, languages: Array(Set(facts.languages.map { $0.lowercased() })).sorted(),
                                       timeZone: facts.timeZone, availabilityText: facts.windows.map(AvailabilityConverter.text),
                                       lobbies: facts.lobbies, sources: [origin.provenance])
        if !facts.windows.isEmpty {
            let zoneName = facts.timeZone ?? "UTC"
            if let zone = TimeZone(identifier: zoneName) {
                result.availability = AvailabilityConverter.utcMask(windows: facts.windows, timeZone: zone)
            } else {
                diagnostics.error("preferences.timeZone", "unknown IANA time zone '\(zoneName)'; availability ignored",
                                  at: origin.location())
            }
        }
        return result
    }
}
