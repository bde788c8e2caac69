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
/// Its byte form is `PartialFactsCodec` (the spill format). Diagnostics about a document are the router's job
/// (`DatasetNormalizer`), so a document fanned out to several partitions is reported once.
public struct NormalizerPartition: Sendable {
    public let partitioning: FactPartitioning
    public let index: Int
    var players: [SteamID64: PlayerAccumulator] = [:]
    var games = GameLog()
    var friendships: [FriendshipKey: FriendshipAccumulator] = [:]
    var groups: [GroupID64: GroupAccumulator] = [:]
    var memberships: [MembershipKey: SourceRefs] = [:]
    var achievements: [AchievementKey: RankedAchievements] = [:]
    var globalPercentages: [UInt32: RankedPercentages] = [:]
    var schemaAppIDs: [String: RankedAppID] = [:]
    var preferences = PreferencesStore()
    /// The ranks (and provenances) of the documents added, which the accumulators refer to by number.
    var ranks = RankTable()

    public init(partitioning: FactPartitioning = .single, index: Int = 0) {
        self.partitioning = partitioning
        self.index = index
    }

    /// Heap bytes the entries' own allocations hold (texts longer than the 15 bytes a `String` keeps inline,
    /// achievement and preference lists), counted as facts are added; see `approximateBytes`.
    var heapBytes = 0

    /// Estimated bytes held; drives spilling, never output. The tables' storage is computed from their
    /// capacity and the key and value strides (a native dictionary holds `capacity / 0.75` buckets of both),
    /// plus `heapBytes` for what entries point to. The former entry-count guess undercounted about 5× (a
    /// 64 MiB limit peaked at 418 MiB); the README's spill figures show how close this one holds.
    public var approximateBytes: Int {
        Self.tableBytes(players) + games.reservedBytes + Self.tableBytes(friendships) + Self.tableBytes(groups)
            + Self.tableBytes(memberships) + Self.tableBytes(achievements) + Self.tableBytes(globalPercentages)
            + Self.tableBytes(schemaAppIDs) + preferences.reservedBytes + heapBytes
            + ranks.reservedBytes
    }

    private static func tableBytes<K, V>(_ table: [K: V]) -> Int {
        guard table.capacity > 0 else { return 0 }
        return (table.capacity * 4 / 3 + 1) * (MemoryLayout<K>.stride + MemoryLayout<V>.stride) + 64
    }

    /// What a heap-allocated string costs (object header, UTF-8 bytes, malloc rounding); 0 for inline ones.
    @inline(__always)
    static func heapBytes(_ text: String?) -> Int {
        guard let count = text?.utf8.count, count > 15 else { return 0 }
        return (count + 32 + 16 + 15) & ~15
    }

    public var isEmpty: Bool {
        players.isEmpty && games.isEmpty && friendships.isEmpty && groups.isEmpty && memberships.isEmpty
            && achievements.isEmpty && globalPercentages.isEmpty && schemaAppIDs.isEmpty && preferences.isEmpty
            && ranks.count == 0
    }

    private func owns(_ id: SteamID64) -> Bool { partitioning.partition(of: id) == index }
    private func owns(_ id: GroupID64) -> Bool { partitioning.partition(of: id) == index }

    /// Adds the facts of one document that this partition owns. `owner` is the document's resolved owner
    /// (checked by the router); documents that need one and have none are never passed.
    mutating func add(_ document: IngestedDocument, owner: SteamID64?, rank sourceRank: SourceRank) {
        let origin = document.origin
        let rank = ranks.append(sourceRank)
        switch document.content {
        case .profile(let facts):
            addProfile(facts, rank: rank)
        case .playerSummaries(let list):
            // Every partition owning one of the list's players gets the whole list: test ownership before taking a
            // row (a copy retains every string of the profile).
            for i in list.indices where owns(list[i].steamID) { addProfile(list[i], rank: rank) }
        case .gameLibrary(let library):
            guard let owner else { return }
            guard owns(owner) else { return }
            touch(owner, rank)
            guard let list = library.games else { return }
            if library.kind != .recentlyPlayed { players[owner]!.gamesKnown = true }
            for game in list {
                heapBytes += games.add(GameKey(player: owner, appID: game.appID), game, exactMinutes: library.hasExactMinutes,
                                       rank: rank)
            }
        case .friendList(let list):
            guard let owner else { return }
            if owns(owner) {
                touch(owner, rank)
                if list.friends != nil { players[owner]!.friendsKnown = true }
            }
            if let friends = list.friends { addFriends(friends, of: owner, rank: rank) }
        case .memberList(let list):
            addGroup(list.group, rank: rank)
            for member in list.members where owns(member) {
                memberships[MembershipKey(group: list.group.groupID, player: member), default: SourceRefs()].insert(rank)
            }
        case .playerBans(let list):
            for i in list.indices where owns(list[i].steamID) {
                let id = list[i].steamID
                players[id, default: PlayerAccumulator()].add(bans: list[i], rank: rank, in: ranks)
                players[id]!.sources.insert(rank)
            }
        case .playerAchievements(let facts):
            guard let owner, owns(owner), facts.achievements != nil else { return }
            touch(owner, rank)
            let key = AchievementKey(player: owner, appID: origin.appID, gameName: facts.gameName ?? "")
            heapBytes += 64 + (facts.achievements?.count ?? 0) * (MemoryLayout<PlayerAchievementFacts.AchievementState>.stride + 48)
            achievements[key, default: RankedAchievements(facts: facts)].offer(facts, rank: rank, in: ranks)
        case .gameSchema(let schema):
            if let appID = origin.appID, let name = schema.gameName, !name.isEmpty {
                schemaAppIDs[name, default: RankedAppID(appID: appID, rank: sourceRank)].merge(RankedAppID(appID: appID, rank: sourceRank))
            }
        case .globalAchievementPercentages(let facts):
            guard let appID = origin.appID else { return }
            var entries: [String: Double] = [:]
            for entry in facts.entries { entries[entry.name] = entry.percent }
            heapBytes += entries.count * 80
            globalPercentages[appID, default: RankedPercentages(entries: entries, rank: sourceRank)]
                .merge(RankedPercentages(entries: entries, rank: sourceRank))
        case .preferences(let facts):
            guard owns(facts.steamID) else { return }
            touch(facts.steamID, rank)
            preferences.offer(facts, origin: origin)
        case .vanityResolution, .steamLevel, .dota, .errorResponse:
            return
        }
    }

    /// Folds `other` (the same partition, from a spill file or another worker's subset of the input) into
    /// this one. The result equals adding both partitions' documents to one partition, in any order.
    public mutating func merge(_ other: NormalizerPartition) {
        precondition(other.partitioning == partitioning && other.index == index, "merging different partitions")
        heapBytes += other.heapBytes
        let shift = ranks.append(contentsOf: other.ranks)
        let table = ranks
        for (id, accumulator) in other.players { players[id, default: PlayerAccumulator()].merge(accumulator, shift: shift, in: table) }
        other.games.forEachEntry { entry in
            var shifted = GameAccumulator()
            shifted.merge(entry.accumulator, shift: shift, in: table)
            games.append(entry.key, shifted)
        }
        for (key, accumulator) in other.friendships {
            friendships[key, default: FriendshipAccumulator()].merge(accumulator, shift: shift, in: table)
        }
        for (id, accumulator) in other.groups { groups[id, default: GroupAccumulator()].merge(accumulator, shift: shift, in: table) }
        for (key, sources) in other.memberships { memberships[key, default: SourceRefs()].formUnion(sources, shift: shift) }
        for (key, entry) in other.achievements {
            achievements[key, default: RankedAchievements(facts: entry.facts)].merge(entry, shift: shift, in: table)
        }
        for (appID, entry) in other.globalPercentages { globalPercentages[appID, default: entry].merge(entry) }
        for (name, entry) in other.schemaAppIDs { schemaAppIDs[name, default: entry].merge(entry) }
        preferences.merge(other.preferences)
    }

    /// This partition's rows, each table in its canonical key order (the keys are sorted, not the rows: a
    /// row sort copied every row's strings and source lists per comparison, ~18 % of a JSON Lines convert).
    /// `PlayerDataset.sortCanonically()` then only checks the order (one ascending run per table), and orders
    /// achievements, whose key depends on the resolved app id.
    /// `names`: shares game names with the other partitions' resolves (see `GameNameCatalogue`).
    public func resolve(locator: (any PlayerLocator)?, diagnostics: some DiagnosticSink,
                        names: GameNameCatalogue? = nil) -> PlayerDataset {
        var dataset = PlayerDataset()
        var shared = SharedRowValues(ranks: ranks, catalogue: names)
        let locator = locator.map { MemoizedLocator($0) }
        dataset.players = players.keys.sorted().map { id in players[id]!.resolve(steamID: id, locator: locator, ranks: ranks, shared: &shared) }
        dataset.games = games.folded(ranks: ranks).map { $0.accumulator.resolve($0.key, ranks: ranks, shared: &shared) }
        dataset.friendships = friendships.keys.sorted { ($0.a, $0.b) < ($1.a, $1.b) }.map { key in
            let accumulator = friendships[key]!
            return Friendship(key.a, key.b, friendSince: accumulator.friendSince.value, sources: shared.sources(accumulator.sources, in: ranks))
        }
        dataset.groups = groups.keys.sorted().map { id in groups[id]!.resolve(id, ranks: ranks, shared: &shared) }
        dataset.groupMembers = memberships.keys.sorted { ($0.group, $0.player) < ($1.group, $1.player) }.map { key in
            GroupMembership(groupID: key.group, steamID: key.player, sources: shared.sources(memberships[key]!, in: ranks))
        }
        dataset.achievements = achievements.map { key, entry in resolveAchievements(key, entry, shared: &shared) }
        dataset.preferences = preferences.resolve(diagnostics: diagnostics)
        return dataset
    }

    // MARK: - Pieces

    private mutating func touch(_ id: SteamID64, _ rank: RankRef) {
        players[id, default: PlayerAccumulator()].sources.insert(rank)
    }

    private mutating func addProfile(_ facts: ProfileFacts, rank: RankRef) {
        if owns(facts.steamID) {
            players[facts.steamID, default: PlayerAccumulator()].add(profile: facts, rank: rank, in: ranks)
            heapBytes += Self.heapBytes(facts.personaName) + Self.heapBytes(facts.profileURL) + Self.heapBytes(facts.customURL)
                + Self.heapBytes(facts.realName) + Self.heapBytes(facts.locationText) + Self.heapBytes(facts.memberSince)
            players[facts.steamID]!.sources.insert(rank)
            if let mostPlayed = facts.mostPlayedGames {
                for game in mostPlayed {
                    heapBytes += games.add(GameKey(player: facts.steamID, appID: game.appID), game,
                                           exactMinutes: ranks.isJSON(rank), rank: rank)
                }
            }
        }
        if let groupsList = facts.groups {
            for group in groupsList {
                addGroup(group, rank: rank)
                if owns(facts.steamID) {
                    memberships[MembershipKey(group: group.groupID, player: facts.steamID), default: SourceRefs()].insert(rank)
                }
            }
        }
        if let friends = facts.friends {
            addFriends(friends, of: facts.steamID, rank: rank)
        }
    }

    private mutating func addFriends(_ friends: [FriendFacts], of owner: SteamID64, rank: RankRef) {
        for friend in friends where friend.steamID != owner {
            let key = FriendshipKey(owner, friend.steamID)
            guard owns(key.a) else { continue }
            friendships[key, default: FriendshipAccumulator()].friendSince.offer(friend.friendSince, rank: rank, in: ranks)
            friendships[key]!.sources.insert(rank)
        }
    }

    private mutating func addGroup(_ facts: GroupFacts, rank: RankRef) {
        guard owns(facts.groupID) else { return }
        groups[facts.groupID, default: GroupAccumulator()].add(facts, rank: rank, in: ranks)
        heapBytes += Self.heapBytes(facts.name) + Self.heapBytes(facts.url) + Self.heapBytes(facts.headline)
    }

    private func resolveAchievements(_ key: AchievementKey, _ entry: RankedAchievements, shared: inout SharedRowValues) -> AchievementProgress {
        let states = entry.facts.achievements ?? []
        let appID = key.appID ?? schemaAppIDs[key.gameName]?.appID
        var mean: Double?
        if let appID, let global = globalPercentages[appID]?.entries {
            let known = states.filter(\.achieved).compactMap { global[$0.apiName] }
            if !known.isEmpty { mean = known.reduce(0, +) / Double(known.count) }
        }
        return AchievementProgress(steamID: key.player, appID: appID, gameName: key.gameName.isEmpty ? nil : key.gameName,
                                   achieved: states.filter(\.achieved).count, total: states.count,
                                   achievedGlobalPercentMean: mean, sources: shared.uncachedSources(entry.sources, in: ranks))
    }
}

/// One player's achievements for one game: the highest-ranked statement, and every source that made one.
struct RankedAchievements: Sendable {
    var facts: PlayerAchievementFacts
    var rank = RankRef.none
    var sources = SourceRefs()

    mutating func offer(_ candidate: PlayerAchievementFacts, rank candidateRank: RankRef, in table: RankTable) {
        sources.insert(candidateRank)
        if rank == .none || table.outranks(candidateRank, rank) { (facts, rank) = (candidate, candidateRank) }
    }

    mutating func merge(_ other: RankedAchievements, shift: UInt32, in table: RankTable) {
        sources.formUnion(other.sources, shift: shift)
        let otherRank = other.rank.shifted(by: shift)
        if otherRank != .none, rank == .none || table.outranks(otherRank, rank) { (facts, rank) = (other.facts, otherRank) }
    }
}

/// An app's global achievement percentages from the highest-ranked document.
struct RankedPercentages: Sendable {
    var entries: [String: Double]
    var rank: SourceRank

    mutating func merge(_ other: RankedPercentages) {
        if other.rank > rank { self = other }
    }
}

/// The app id a game schema names, from the highest-ranked schema.
struct RankedAppID: Sendable {
    var appID: UInt32
    var rank: SourceRank

    mutating func merge(_ other: RankedAppID) {
        if other.rank > rank { self = other }
    }
}
