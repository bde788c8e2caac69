import Ingest
import PipelineCore

/// Merges Dota 2 records by match id (and heroes by hero id), independently of the order they arrive in.
///
/// **Conflict rule.** Every field of a match (start, duration, mode, lobby type, winner, first blood, …) comes
/// from the highest-ranked record that states it (`DotaRecordRank`: newest `fetched_at`, then a full record
/// over a history entry, then the source that sorts first). Players are merged by `player_slot` the same way,
/// field by field (account, hero, K/D/A, leaver status); an `unknown` account counts as not stated. A slot
/// listed by any record is kept, so a history that listed fewer players never removes any.
public struct DotaAccumulator: Sendable {
    private struct Entry: Sendable {
        var facts: DotaMatchFacts
        var rank: DotaRecordRank
        var location: SourceLocation
        var sources: [String]
    }

    private var matches: [UInt64: Entry] = [:]
    private var heroes: [Int: (facts: DotaHeroFacts, rank: DotaRecordRank, sources: Set<String>)] = [:]
    private var sawHeroList = false

    public init() {}

    public var isEmpty: Bool { matches.isEmpty && !sawHeroList }

    /// Adds one document. `fetchedAt` is its `fetched_at` in Unix seconds, if known.
    public mutating func add(_ document: DotaFacts, origin: DocumentOrigin, fetchedAt: Int64?) {
        let provenance = origin.provenance
        if let list = document.heroes {
            sawHeroList = true
            let rank = DotaRecordRank(fetchedAt: fetchedAt, isDetailed: true, provenance: provenance)
            for hero in list { addHero(hero, rank: rank, source: provenance) }
        }
        for match in document.matches {
            let rank = DotaRecordRank(fetchedAt: fetchedAt, isDetailed: match.isDetailed, provenance: provenance)
            let location = origin.location(line: match.line)
            guard var existing = matches[match.matchID] else {
                var sorted = match
                sorted.players.sort { $0.slot < $1.slot }
                matches[match.matchID] = Entry(facts: sorted, rank: rank, location: location, sources: [provenance])
                continue
            }
            if rank > existing.rank {
                existing.facts = Self.merge(match, over: existing.facts)
                existing.rank = rank
                existing.location = location
            } else {
                existing.facts = Self.merge(existing.facts, over: match)
            }
            if !existing.sources.contains(provenance) { existing.sources.append(provenance) }
            matches[match.matchID] = existing
        }
    }

    private mutating func addHero(_ hero: DotaHeroFacts, rank: DotaRecordRank, source: String) {
        guard var existing = heroes[hero.id] else {
            heroes[hero.id] = (hero, rank, [source])
            return
        }
        existing.sources.insert(source)
        let (high, low) = rank > existing.rank ? (hero, existing.facts) : (existing.facts, hero)
        existing.facts = DotaHeroFacts(id: hero.id, name: high.name ?? low.name, localizedName: high.localizedName ?? low.localizedName)
        existing.rank = max(rank, existing.rank)
        heroes[hero.id] = existing
    }

    /// `high`'s fields, each missing one taken from `low`; players merged by slot.
    static func merge(_ high: DotaMatchFacts, over low: DotaMatchFacts) -> DotaMatchFacts {
        var result = high
        result.matchSeqNum = high.matchSeqNum ?? low.matchSeqNum
        result.startTime = high.startTime ?? low.startTime
        result.duration = high.duration ?? low.duration
        result.gameMode = high.gameMode ?? low.gameMode
        result.lobbyType = high.lobbyType ?? low.lobbyType
        result.radiantWin = high.radiantWin ?? low.radiantWin
        result.firstBloodTime = high.firstBloodTime ?? low.firstBloodTime
        result.leagueID = high.leagueID ?? low.leagueID
        result.humanPlayers = high.humanPlayers ?? low.humanPlayers
        result.isDetailed = high.isDetailed || low.isDetailed
        var bySlot: [UInt8: DotaPlayerFacts] = [:]
        for player in low.players { bySlot[player.slot] = player }
        for player in high.players {
            guard let other = bySlot[player.slot] else {
                bySlot[player.slot] = player
                continue
            }
            var merged = player
            if merged.account == .unknown { merged.account = other.account }
            merged.heroID = player.heroID ?? other.heroID
            merged.kills = player.kills ?? other.kills
            merged.deaths = player.deaths ?? other.deaths
            merged.assists = player.assists ?? other.assists
            merged.leaverStatus = player.leaverStatus ?? other.leaverStatus
            bySlot[player.slot] = merged
        }
        result.players = bySlot.values.sorted { $0.slot < $1.slot }
        return result
    }

    /// The merged data, sorted. Hero ids that a GetHeroes list does not know are reported once per match
    /// (`dota.unknownHero`, at the match); the players keep them.
    public func finish(diagnostics: some DiagnosticSink) -> DotaDataset {
        var dataset = DotaDataset(hasHeroList: sawHeroList)
        let heroIDs = heroes.keys.sorted()
        dataset.heroes = heroIDs.map { heroes[$0]!.facts }
        dataset.heroSources = heroIDs.map { heroes[$0]!.sources.sorted() }
        dataset.matches = matches.keys.sorted().map { id in
            let entry = matches[id]!
            return DotaMatch(facts: entry.facts, sources: entry.sources.sorted(), location: entry.location)
        }
        if sawHeroList {
            for match in dataset.matches {
                let unknown = Set(match.facts.players.compactMap(\.heroID).filter { heroes[$0] == nil }).sorted()
                guard !unknown.isEmpty else { continue }
                diagnostics.warning("dota.unknownHero",
                                    "match \(match.matchID): hero id\(unknown.count == 1 ? "" : "s") \(unknown.map(String.init).joined(separator: ", ")) not in the heroes list; kept unnamed",
                                    at: match.location)
            }
        }
        return dataset
    }
}
