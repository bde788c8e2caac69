import Dota
import Foundation
import Ingest
import PipelineCore
import PlayerModel

/// Merges ingested Steam documents into the canonical `PlayerDataset`.
///
/// The result does not depend on the order documents arrive in: every conflict is settled by `SourceRank`
/// (newest `fetched_at`, then JSON over XML, then source path), and lifetime minutes from Web API JSON
/// always beat XML hours (0.1 h resolution). "Private" or "missing" never becomes zero: a private library
/// leaves `games_known` false rather than emptying the list, and a later private response never erases
/// games or friends an earlier visible one listed.
public struct DatasetNormalizer: Sendable {
    private let locator: (any PlayerLocator)?
    private var players: [SteamID64: PlayerAccumulator] = [:]
    private var games: [GameKey: GameAccumulator] = [:]
    private var friendships: [FriendshipKey: FriendshipAccumulator] = [:]
    private var groups: [GroupID64: GroupAccumulator] = [:]
    private var memberships: [MembershipKey: Set<String>] = [:]
    private var achievements: [AchievementKey: (facts: PlayerAchievementFacts, rank: SourceRank, sources: Set<String>)] = [:]
    private var globalPercentages: [UInt32: (entries: [String: Double], rank: SourceRank)] = [:]
    private var schemaAppIDs: [String: (appID: UInt32, rank: SourceRank)] = [:]
    private var preferences: [SteamID64: (facts: PreferencesFacts, rank: SourceRank, origin: DocumentOrigin)] = [:]
    private var dota = DotaIngestShard()

    /// How many documents of each kind were added (for the run summary).
    public var documentCounts: [String: Int] { documentCountsWithoutDota.merging(dota.counts, uniquingKeysWith: +) }
    private var documentCountsWithoutDota: [String: Int] = [:]

    public init(locator: (any PlayerLocator)? = nil) {
        self.locator = locator
    }

    /// Normalizes a batch in one call.
    public static func normalize(_ documents: [IngestedDocument], locator: (any PlayerLocator)? = nil,
                                 diagnostics: some DiagnosticSink) -> PlayerDataset {
        var normalizer = DatasetNormalizer(locator: locator)
        for document in documents { normalizer.add(document, diagnostics: diagnostics) }
        return normalizer.finish(diagnostics: diagnostics)
    }

    public mutating func add(_ document: IngestedDocument, diagnostics: some DiagnosticSink) {
        let origin = document.origin
        let isJSON = !origin.file.lowercased().hasSuffix(".xml")
        if case .dota(let facts) = document.content {
            dota.add(facts, origin: origin, diagnostics: diagnostics)
            return
        }
        if let fetchedAt = origin.fetchedAt, RFC3339.unixSeconds(fetchedAt) == nil {
            Self.reportBadFetchedAt(fetchedAt, origin: origin, diagnostics: diagnostics)
        }
        let rank = SourceRank(origin: origin, isJSON: isJSON)
        let source = origin.provenance
        switch document.content {
        case .profile(let facts):
            count("profile")
            players[facts.steamID, default: PlayerAccumulator()].add(profile: facts, rank: rank)
            players[facts.steamID]!.sources.insert(source)
            addProfileExtras(facts, rank: rank, source: source)
        case .playerSummaries(let list):
            count("player_summaries")
            for facts in list {
                players[facts.steamID, default: PlayerAccumulator()].add(profile: facts, rank: rank)
                players[facts.steamID]!.sources.insert(source)
                addProfileExtras(facts, rank: rank, source: source)
            }
        case .gameLibrary(let library):
            count("game_library_\(library.kind.rawValue)")
            guard let owner = owner(library.owner, origin, diagnostics) else { return }
            touch(owner, source)
            addLibrary(library, owner: owner, rank: rank, source: source)
        case .friendList(let list):
            count("friend_list")
            guard let owner = owner(list.owner, origin, diagnostics) else { return }
            touch(owner, source)
            if let friends = list.friends {
                players[owner]!.friendsKnown = true
                addFriends(friends, of: owner, rank: rank, source: source)
            }
        case .memberList(let list):
            count("member_list")
            addGroup(list.group, rank: rank, source: source)
            for member in list.members {
                memberships[MembershipKey(group: list.group.groupID, player: member), default: []].insert(source)
            }
        case .playerBans(let list):
            count("player_bans")
            for facts in list {
                players[facts.steamID, default: PlayerAccumulator()].add(bans: facts, rank: rank)
                players[facts.steamID]!.sources.insert(source)
            }
        case .playerAchievements(let facts):
            count("player_achievements")
            guard let owner = owner(facts.owner, origin, diagnostics) else { return }
            guard facts.achievements != nil else { return }
            touch(owner, source)
            let key = AchievementKey(player: owner, appID: origin.appID, gameName: facts.gameName ?? "")
            if let existing = achievements[key] {
                var sources = existing.sources
                sources.insert(source)
                achievements[key] = rank > existing.rank ? (facts, rank, sources) : (existing.facts, existing.rank, sources)
            } else {
                achievements[key] = (facts, rank, [source])
            }
        case .gameSchema(let schema):
            count("game_schema")
            if let appID = origin.appID, let name = schema.gameName, !name.isEmpty {
                if let existing = schemaAppIDs[name], existing.rank >= rank { return }
                schemaAppIDs[name] = (appID, rank)
            }
        case .globalAchievementPercentages(let facts):
            count("global_achievement_percentages")
            guard let appID = origin.appID else {
                diagnostics.warning("document.noApp", "global achievement percentages without an app id (put the file under apps/<appid>/ or give the envelope an appid); skipped",
                                    at: origin.location())
                return
            }
            if let existing = globalPercentages[appID], existing.rank >= rank { return }
            var entries: [String: Double] = [:]
            for entry in facts.entries { entries[entry.name] = entry.percent }
            globalPercentages[appID] = (entries, rank)
        case .vanityResolution:
            count("vanity_resolution")
        case .steamLevel:
            count("steam_level")
        case .preferences(let facts):
            count("preferences")
            if let updatedAt = facts.updatedAt, RFC3339.unixSeconds(updatedAt) == nil {
                diagnostics.warning("value.badTimestamp", "updated_at '\(updatedAt)' is not an RFC 3339 time; these preferences rank as undated",
                                    at: origin.location())
            }
            let prefRank = SourceRank(origin: origin, isJSON: true, fetchedAtOverride: facts.updatedAt)
            touch(facts.steamID, source)
            if let existing = preferences[facts.steamID], existing.rank >= prefRank { return }
            preferences[facts.steamID] = (facts, prefRank, origin)
        case .dota:
            break                                   // handled above, without the per-document source rank
        case .errorResponse(let message):
            count("error_response")
            diagnostics.warning("steam.errorResponse", "Steam answered with an error: \(message)", at: origin.location())
        }
    }

    public func finish(diagnostics: some DiagnosticSink) -> PlayerDataset {
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
        dataset.preferences = preferences.map { id, entry in resolvePreferences(id, entry, diagnostics) }
        dataset.sortCanonically()
        return dataset
    }

    /// The merged Dota 2 matches and heroes; `nil` when no Dota document was read (so no Dota table is written).
    /// Hands the collected records over (a second call returns `nil`).
    public mutating func finishDota(diagnostics: some DiagnosticSink) -> DotaDataset? {
        let accumulator = dota.accumulator
        dota.accumulator = DotaAccumulator()
        return accumulator.isEmpty ? nil : accumulator.finish(diagnostics: diagnostics)
    }

    /// Takes over the Dota documents an ingest worker collected on its own (`DotaIngestShard`).
    public mutating func absorb(_ shard: consuming DotaIngestShard) {
        dota.accumulator.absorb(shard.accumulator)
        dota.counts.merge(shard.counts, uniquingKeysWith: +)
    }

    /// The warning for a `fetched_at` that is not RFC 3339 (the document still counts, as undated).
    static func reportBadFetchedAt(_ text: String, origin: DocumentOrigin, diagnostics: some DiagnosticSink) {
        diagnostics.warning("value.badTimestamp", "fetched_at '\(text)' is not an RFC 3339 time; the document ranks as undated",
                            at: origin.location())
    }

    // MARK: - Pieces

    private mutating func count(_ kind: String) { documentCountsWithoutDota[kind, default: 0] += 1 }

    private mutating func touch(_ id: SteamID64, _ source: String) {
        players[id, default: PlayerAccumulator()].sources.insert(source)
    }

    private func owner(_ stated: SteamID64?, _ origin: DocumentOrigin, _ diagnostics: some DiagnosticSink) -> SteamID64? {
        if let id = stated ?? origin.owner { return id }
        diagnostics.warning("document.noOwner", "document does not say whose it is (put it under players/<steamid64>/ or give the envelope a steamid); skipped",
                            at: origin.location())
        return nil
    }

    private mutating func addProfileExtras(_ facts: ProfileFacts, rank: SourceRank, source: String) {
        if let groupsList = facts.groups {
            for group in groupsList {
                addGroup(group, rank: rank, source: source)
                memberships[MembershipKey(group: group.groupID, player: facts.steamID), default: []].insert(source)
            }
        }
        if let friends = facts.friends {
            addFriends(friends, of: facts.steamID, rank: rank, source: source)
        }
        if let mostPlayed = facts.mostPlayedGames {
            for game in mostPlayed {
                games[GameKey(player: facts.steamID, appID: game.appID), default: GameAccumulator()]
                    .add(game, exactMinutes: rank.isJSON, rank: rank, source: source)
            }
        }
    }

    private mutating func addLibrary(_ library: GameLibraryFacts, owner: SteamID64, rank: SourceRank, source: String) {
        guard let list = library.games else { return }
        if library.kind != .recentlyPlayed { players[owner]!.gamesKnown = true }
        for game in list {
            games[GameKey(player: owner, appID: game.appID), default: GameAccumulator()]
                .add(game, exactMinutes: library.hasExactMinutes, rank: rank, source: source)
        }
    }

    private mutating func addFriends(_ friends: [FriendFacts], of owner: SteamID64, rank: SourceRank, source: String) {
        for friend in friends where friend.steamID != owner {
            let key = FriendshipKey(owner, friend.steamID)
            friendships[key, default: FriendshipAccumulator()].friendSince.offer(friend.friendSince, rank: rank)
            friendships[key]!.sources.insert(source)
        }
    }

    private mutating func addGroup(_ facts: GroupFacts, rank: SourceRank, source: String) {
        groups[facts.groupID, default: GroupAccumulator()].add(facts, rank: rank, source: source)
    }

    private func resolveAchievements(_ key: AchievementKey,
                                     _ entry: (facts: PlayerAchievementFacts, rank: SourceRank, sources: Set<String>)) -> AchievementProgress {
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

    private func resolvePreferences(_ id: SteamID64,
                                    _ entry: (facts: PreferencesFacts, rank: SourceRank, origin: DocumentOrigin),
                                    _ diagnostics: some DiagnosticSink) -> PlayerPreferences {
        let facts = entry.facts
        var result = PlayerPreferences(steamID: id, favoriteAppIDs: facts.favoriteAppIDs, maxDistanceKm: facts.maxDistanceKm,
                                       anywhere: facts.anywhere, languages: Array(Set(facts.languages.map { $0.lowercased() })).sorted(),
                                       timeZone: facts.timeZone, availabilityText: facts.windows.map(AvailabilityConverter.text),
                                       lobbies: facts.lobbies, sources: [entry.origin.provenance])
        if !facts.windows.isEmpty {
            let zoneName = facts.timeZone ?? "UTC"
            if let zone = TimeZone(identifier: zoneName) {
                result.availability = AvailabilityConverter.utcMask(windows: facts.windows, timeZone: zone)
            } else {
                diagnostics.error("preferences.timeZone", "unknown IANA time zone '\(zoneName)'; availability ignored",
                                  at: entry.origin.location())
            }
        }
        return result
    }
}

struct GameKey: Hashable, Sendable {
    var player: SteamID64
    var appID: UInt32
}

struct FriendshipKey: Hashable, Sendable {
    var a: SteamID64
    var b: SteamID64
    init(_ x: SteamID64, _ y: SteamID64) {
        a = min(x, y)
        b = max(x, y)
    }
}

struct MembershipKey: Hashable, Sendable {
    var group: GroupID64
    var player: SteamID64
}

struct AchievementKey: Hashable, Sendable {
    var player: SteamID64
    var appID: UInt32?
    var gameName: String
}

struct FriendshipAccumulator: Sendable {
    var friendSince = RankedValue<Int64>()
    var sources: Set<String> = []
}
