import Ingest
import PipelineCore

/// Merges Dota 2 records by match id (and heroes by hero id), independently of the order they arrive in.
///
/// **Conflict rule.** Every field of a match (start, duration, mode, lobby type, winner, first blood, …) comes
/// from the highest-ranked record that states it (`DotaRecordRank`: newest `fetched_at`, then a full record
/// over a history entry, then the source that sorts first). Players are merged by `player_slot` the same way,
/// field by field (account, hero, K/D/A, leaver status); an `unknown` account counts as not stated. A slot
/// listed by any record is kept, so a history that listed fewer players never removes any.
///
/// Records are only collected while adding (no lookup per record); `finish` sorts them by match id and folds
/// each match's records from the lowest rank up. Accumulators filled on different threads are combined with
/// `absorb`, and the result is the same for any split of the input.
public struct DotaAccumulator: Sendable {
    private struct Record: Sendable {
        var facts: DotaMatchFacts
        var rank: DotaRecordRank
    }

    private var records: [Record] = []
    private var heroRecords: [(facts: DotaHeroFacts, rank: DotaRecordRank)] = []
    private var sawHeroList = false

    public init() {}

    public var isEmpty: Bool { records.isEmpty && !sawHeroList }

    /// Adds one document. `fetchedAt` is its `fetched_at` in Unix seconds, if known.
    public mutating func add(_ document: DotaFacts, origin: DocumentOrigin, fetchedAt: Int64?) {
        if let list = document.heroes {
            sawHeroList = true
            let rank = DotaRecordRank(fetchedAt: fetchedAt, isDetailed: true, file: origin.file, line: origin.line)
            for hero in list { heroRecords.append((hero, rank)) }
        }
        for match in document.matches {
            let rank = DotaRecordRank(fetchedAt: fetchedAt, isDetailed: match.isDetailed, file: origin.file, line: origin.line)
            var facts = match
            facts.line = origin.line ?? match.line          // where diagnostics about the merged match point
            records.append(Record(facts: facts, rank: rank))
        }
    }

    /// Takes over everything `other` collected.
    public mutating func absorb(_ other: consuming DotaAccumulator) {
        if records.isEmpty { records = other.records } else { records += other.records }
        heroRecords += other.heroRecords
        sawHeroList = sawHeroList || other.sawHeroList
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
    public consuming func finish(diagnostics: some DiagnosticSink) -> DotaDataset {
        var dataset = DotaDataset(hasHeroList: sawHeroList)
        (dataset.heroes, dataset.heroSources) = Self.mergedHeroes(heroRecords)
        var records = self.records
        self.records = []
        // Sort (id, index) keys rather than the records; input in id order (the usual case) sorts in one pass.
        var keys = records.indices.map { (id: records[$0].facts.matchID, index: $0) }
        keys.sort { ($0.id, $0.index) < ($1.id, $1.index) }
        var matches: [DotaMatch] = []
        matches.reserveCapacity(keys.count)
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].id == keys[start].id { end += 1 }
            if end == start + 1 {
                let record = records[keys[start].index]
                var facts = record.facts
                if zip(facts.players, facts.players.dropFirst()).contains(where: { $0.slot > $1.slot }) { facts.players.sort { $0.slot < $1.slot } }
                let source = DotaMatch.Source(file: record.rank.file, line: record.rank.line)
                matches.append(DotaMatch(facts: facts, location: SourceLocation(file: record.rank.file, line: facts.line), sources: [source]))
            } else {
                let group = keys[start..<end].map { records[$0.index] }.sorted { $0.rank < $1.rank }
                var facts = group[0].facts
                facts.players.sort { $0.slot < $1.slot }
                for record in group.dropFirst() { facts = Self.merge(record.facts, over: facts) }
                let top = group[group.count - 1]
                facts.line = top.facts.line
                var seen = Set<String>()
                let sources = group.map { DotaMatch.Source(file: $0.rank.file, line: $0.rank.line) }
                    .filter { seen.insert($0.text).inserted }.sorted { $0.text < $1.text }
                matches.append(DotaMatch(facts: facts, location: SourceLocation(file: top.rank.file, line: top.facts.line), sources: sources))
            }
            start = end
        }
        records = []
        dataset.matches = matches
        if sawHeroList {
            var known = [Bool](repeating: false, count: 65_536)
            for hero in dataset.heroes where (0..<65_536).contains(hero.id) { known[hero.id] = true }
            for match in dataset.matches {
                guard match.facts.players.contains(where: { $0.heroID.map { !known[$0] } ?? false }) else { continue }
                let unknown = Set(match.facts.players.compactMap(\.heroID).filter { !known[$0] }).sorted()
                diagnostics.warning("dota.unknownHero",
                                    "match \(match.matchID): hero id\(unknown.count == 1 ? "" : "s") \(unknown.map(String.init).joined(separator: ", ")) not in the heroes list; kept unnamed",
                                    at: match.location)
            }
        }
        return dataset
    }

    /// Heroes by id, each name from the highest-ranked record that states it; and each hero's sources.
    private static func mergedHeroes(_ records: [(facts: DotaHeroFacts, rank: DotaRecordRank)]) -> ([DotaHeroFacts], [[String]]) {
        let byID = Dictionary(grouping: records, by: \.facts.id)
        var heroes: [DotaHeroFacts] = []
        var sources: [[String]] = []
        for id in byID.keys.sorted() {
            var hero = DotaHeroFacts(id: id)
            for record in byID[id]!.sorted(by: { $0.rank > $1.rank }) {
                hero.name = hero.name ?? record.facts.name
                hero.localizedName = hero.localizedName ?? record.facts.localizedName
            }
            heroes.append(hero)
            sources.append(Set(byID[id]!.map(\.rank.provenance)).sorted())
        }
        return (heroes, sources)
    }
}
