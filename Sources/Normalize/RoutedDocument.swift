import Ingest
import PipelineCore
import PlayerModel

/// What normalize needs to know about one document before any partition sees it: its kind (for the run
/// summary's counts), its rank and provenance, its owner, and which partitions own a fact it states. The
/// document's diagnostics (bad timestamps, no owner, no app, Steam error answers) are reported here, once,
/// however many partitions the document is fanned out to.
struct RoutedDocument {
    let kind: String
    /// Its rank; `rank.provenance` is what `sources` columns name it by.
    let rank: SourceRank
    let owner: SteamID64?
    /// False when no partition takes anything from it (no owner, Dota, a Steam error answer, …).
    let isKept: Bool

    /// The warning for a `fetched_at` that is not RFC 3339 (the document still counts, as undated).
    static func reportBadFetchedAt(_ text: String, origin: DocumentOrigin, diagnostics: some DiagnosticSink) {
        diagnostics.warning("value.badTimestamp", "fetched_at '\(text)' is not an RFC 3339 time; the document ranks as undated",
                            at: origin.location())
    }

    init(_ document: IngestedDocument, diagnostics: some DiagnosticSink) {
        let origin = document.origin
        let isJSON = !Self.hasXMLSuffix(origin.file)
        if let fetchedAt = origin.fetchedAt, RFC3339.unixSeconds(fetchedAt) == nil {
            Self.reportBadFetchedAt(fetchedAt, origin: origin, diagnostics: diagnostics)
        }
        rank = SourceRank(origin: origin, isJSON: isJSON)
        func stated(_ owner: SteamID64?) -> SteamID64? {
            if let id = owner ?? origin.owner { return id }
            diagnostics.warning("document.noOwner", "document does not say whose it is (put it under players/<steamid64>/ or give the envelope a steamid); skipped",
                                at: origin.location())
            return nil
        }
        var owner: SteamID64?
        var kept = true
        switch document.content {
        case .profile: kind = "profile"
        case .playerSummaries: kind = "player_summaries"
        case .gameLibrary(let library):
            kind = switch library.kind {
            case .ownedGames: "game_library_ownedGames"
            case .gamesXML: "game_library_gamesXML"
            case .recentlyPlayed: "game_library_recentlyPlayed"
            }
            owner = stated(library.owner)
            kept = owner != nil
        case .friendList(let list):
            kind = "friend_list"
            owner = stated(list.owner)
            kept = owner != nil
        case .memberList: kind = "member_list"
        case .playerBans: kind = "player_bans"
        case .playerAchievements(let facts):
            kind = "player_achievements"
            owner = stated(facts.owner)
            kept = owner != nil && facts.achievements != nil
        case .gameSchema: kind = "game_schema"
        case .globalAchievementPercentages:
            kind = "global_achievement_percentages"
            if origin.appID == nil {
                diagnostics.warning("document.noApp", "global achievement percentages without an app id (put the file under apps/<appid>/ or give the envelope an appid); skipped",
                                    at: origin.location())
                kept = false
            }
        case .vanityResolution:
            kind = "vanity_resolution"
            kept = false
        case .steamLevel:
            kind = "steam_level"
            kept = false
        case .preferences(let facts):
            kind = "preferences"
            if let updatedAt = facts.updatedAt, RFC3339.unixSeconds(updatedAt) == nil {
                diagnostics.warning("value.badTimestamp", "updated_at '\(updatedAt)' is not an RFC 3339 time; these preferences rank as undated",
                                    at: origin.location())
            }
        case .dota(let facts):
            kind = facts.kind.rawValue
            kept = false
        case .errorResponse(let message):
            kind = "error_response"
            kept = false
            diagnostics.warning("steam.errorResponse", "Steam answered with an error: \(message)", at: origin.location())
        }
        self.owner = owner
        isKept = kept
    }

    /// Whether `file` ends in `.xml`, in any letter case (without lowercasing a copy per document).
    static func hasXMLSuffix(_ file: String) -> Bool {
        let utf8 = file.utf8
        guard utf8.count >= 4 else { return false }
        var index = utf8.index(utf8.endIndex, offsetBy: -4)
        func next() -> UInt8 {
            defer { index = utf8.index(after: index) }
            return utf8[index]
        }
        // `| 0x20` folds only the ASCII capitals X, M, L onto x, m, l here.
        return next() == 0x2E && next() | 0x20 == 0x78 && next() | 0x20 == 0x6D && next() | 0x20 == 0x6C
    }

    /// The partitions that own at least one fact of `document` (ascending, no repeats); every partition for
    /// the app-wide facts (schemas, global percentages).
    func partitions(of document: IngestedDocument, in partitioning: FactPartitioning) -> [Int] {
        guard isKept else { return [] }
        guard partitioning.count > 1 else { return [0] }
        switch document.content {
        case .gameLibrary, .playerAchievements: return owner.map { [partitioning.partition(of: $0)] } ?? []
        case .preferences(let facts): return [partitioning.partition(of: facts.steamID)]
        default: break
        }
        var seen = [Bool](repeating: false, count: partitioning.count)
        func player(_ id: SteamID64) { seen[partitioning.partition(of: id)] = true }
        func friends(_ list: [FriendFacts]?, of id: SteamID64) {
            for friend in list ?? [] where friend.steamID != id { player(min(id, friend.steamID)) }
        }
        func profile(_ facts: ProfileFacts) {
            player(facts.steamID)
            for group in facts.groups ?? [] { seen[partitioning.partition(of: group.groupID)] = true }
            friends(facts.friends, of: facts.steamID)
        }
        switch document.content {
        case .profile(let facts): profile(facts)
        case .playerSummaries(let list): list.forEach(profile)
        case .friendList(let list):
            if let owner {
                player(owner)
                friends(list.friends, of: owner)
            }
        case .memberList(let list):
            seen[partitioning.partition(of: list.group.groupID)] = true
            list.members.forEach(player)
        case .playerBans(let list): for facts in list { player(facts.steamID) }
        case .gameSchema, .globalAchievementPercentages: return Array(0..<partitioning.count)
        case .gameLibrary, .playerAchievements, .preferences, .vanityResolution, .steamLevel, .dota, .errorResponse: return []
        }
        return seen.indices.filter { seen[$0] }
    }
}
