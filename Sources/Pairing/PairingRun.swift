import Dispatch
import Foundation
import PipelineCore
import PlayerModel
import Synchronization

/// One pairing run, from the canonical dataset, the decision log and the previous run's state to the
/// output tables, the summary and the next state. No disk I/O: the runner reads and writes the files.
///
/// Carry-over: the run reads `state/matches.jsonl` and `state/unpaired.jsonl` from the previous run's output
/// and writes both afresh. Previous matches are kept (with their `matched_at`) unless a reject or block
/// dissolved them; players listed in `unpaired.jsonl` go first in the exposure round-robin.
public enum PairingRun {
    public struct Input: Sendable {
        public var dataset: PlayerDataset
        public var decisions: [Decision]
        public var previousMatches: [MatchRecord]
        public var previouslyUnpaired: [SteamID64]
        public var config: PairingConfig
        /// The game libraries as columns (one run per entry of `dataset.players`); when set, `dataset.games` is
        /// ignored and the population is prepared from the columns (`PreparedPopulation(players:libraries:…)`),
        /// which gives the same pairing as the rows would.
        public var libraries: GameLibraryColumns?

        public init(dataset: consuming PlayerDataset, decisions: [Decision] = [], previousMatches: [MatchRecord] = [],
                    previouslyUnpaired: [SteamID64] = [], config: PairingConfig, libraries: GameLibraryColumns? = nil) {
            self.dataset = dataset
            self.decisions = decisions
            self.previousMatches = previousMatches
            self.previouslyUnpaired = previouslyUnpaired
            self.config = config
            self.libraries = libraries
        }
    }

    public struct Output: Sendable {
        /// The list owners' proposals with explanations; see `pairingsTable(players:)` to build it in chunks.
        public var pairings: Table { pairingsTable(players: 0..<population.count) }
        public var population: PreparedPopulation
        public var matches: Table
        public var newMatches: Table
        public var unpaired: Table
        public var summary: PairingSummary
        /// `state/matches.jsonl` and `state/unpaired.jsonl` for the next run.
        public var stateMatches: Table
        public var stateUnpaired: Table
        public var lists: PairingLists
        public var ledger: MatchLedger

        /// The `pairings` rows of the players in `players` (dense order = steamid order), for chunked emission.
        public func pairingsTable(players: Range<Int>) -> Table {
            PairingRun.pairingsTable(lists, population: population, players: players)
        }
    }

    public static let pairingColumns = [
        "steamid", "rank", "candidate", "score", "game_similarity", "fit_you", "fit_them", "distance_km",
        "distance_bucket", "shared_games", "top_games", "favorite_hits", "their_favorite_hits", "recent_games",
        "shared_language", "availability_overlap_hours", "reason",
    ]

    /// Consumes `input`: its library columns go to the population, which keeps its own form of them, and its dataset is
    /// let go once the population is prepared (nothing after reads it), so a caller that hands the input over
    /// (`PairingJob.pair`) holds neither longer than the preparation (at 1M players 330 MB of columns, and the
    /// players, preferences and friendships).
    public static func run(_ input: consuming Input) -> Output {
        let libraries = input.libraries
        input.libraries = nil
        let (ledger, population) = prepare(input, libraries: consume libraries)
        input.dataset = PlayerDataset()
        return finish(input, ledger: ledger, population: population, bulk: BulkPairer.pair(population))
    }

    /// The match ledger and the prepared population; `plan` freezes the population-wide inputs at a shard plan's.
    static func prepare(_ input: Input, plan: PairingShardPlan? = nil) -> (MatchLedger, PreparedPopulation) {
        prepare(input, libraries: input.libraries, plan: plan)
    }

    /// As above, with the library columns given apart from `input` (consumed: the population is their last holder).
    static func prepare(_ input: Input, libraries: consuming GameLibraryColumns?,
                        plan: PairingShardPlan? = nil) -> (MatchLedger, PreparedPopulation) {
        let config = input.config
        let ledger = MatchLedger(decisions: input.decisions, previousMatches: input.previousMatches)
        let exclusions = ledger.exclusions(friendships: input.dataset.friendships)
        let population: PreparedPopulation
        switch consume libraries {
        case .some(let columns):
            population = PreparedPopulation(players: input.dataset.players, libraries: columns, preferences: input.dataset.preferences,
                                            exclusions: exclusions, config: config, statistics: plan?.statistics,
                                            maxFiniteCapKm: plan?.maxFiniteCapKm)
        case .none:
            population = PreparedPopulation(dataset: input.dataset, exclusions: exclusions, config: config,
                                            statistics: plan?.statistics, maxFiniteCapKm: plan?.maxFiniteCapKm)
        }
        return (ledger, population)
    }

    /// Why a sharded step cannot run.
    public enum ShardError: Error, CustomStringConvertible {
        case settingsDiffer(plan: String, run: String)
        case shardOutOfRange(Int, shards: Int)
        case incompleteInput([String])
        case otherDataset

        /// The diagnostic code a command prints with it.
        public var code: String {
            switch self {
            case .settingsDiffer: "pair.shardSettings"
            case .shardOutOfRange: "pair.shardOptions"
            case .incompleteInput: "pair.shardInput"
            case .otherDataset: "pair.shardDataset"
            }
        }

        public var description: String {
            switch self {
            case .settingsDiffer(let plan, let run): "the plan was made with other pairing settings (plan: \(plan); this run: \(run))"
            case .shardOutOfRange(let i, let n): "shard \(i) is not one of the plan's \(n) shards (0…\(n - 1))"
            case .incompleteInput(let problems): "the dataset lacks players this shard needs: " + problems.prefix(5).joined(separator: "; ")
                + (problems.count > 5 ? "; and \(problems.count - 5) more" : "")
            case .otherDataset: "the dataset is not the one the plan was made from (its game statistics differ)"
            }
        }
    }

    /// The plan for `shards` shards over the whole population of `input` (decisions do not matter to it), and which
    /// players each shard reads (`PairingShardPlan.needs`).
    public static func plan(_ input: Input, shards: Int)
        -> (plan: PairingShardPlan, needs: [(steamID: SteamID64, shard: Int, role: PairingShardPlan.Role)]) {
        var whole = input
        whole.decisions = []
        whole.previousMatches = []
        let population = prepare(whole).1
        let plan = PairingShardPlan.make(population, shards: shards)
        return (plan, plan.needs(population).map { (population.steamIDs[$0.player], $0.shard, $0.role) })
    }

    /// One shard's lists (`BulkPairer.pairShard`). `input.dataset` may be the whole dataset or only the players the
    /// plan sends this shard (`PairingShardPlan.needs`); every one of those must be there.
    public static func runShard(_ input: Input, plan: PairingShardPlan, shard: Int) throws -> PairingShardLists {
        try requireSettings(of: plan, in: input)
        guard (0..<plan.shards).contains(shard) else { throw ShardError.shardOutOfRange(shard, shards: plan.shards) }
        let population = prepare(input, plan: plan).1
        let problems = plan.missingInput(population, shard: shard)
        guard problems.isEmpty else { throw ShardError.incompleteInput(problems) }
        return BulkPairer.pairShard(population, shard: plan.shard(shard))
    }

    /// The whole run from the shards' lists (`BulkPairer.union`): the same output as `run(input)` on the whole
    /// dataset, except the work counters in the summary, which are the shards' sums.
    /// Shard `i`'s lists come from `load(i)` as the union reaches them (one shard held at a time).
    public static func run(_ input: Input, shardCount: Int, plan: PairingShardPlan,
                           load: (Int) throws -> PairingShardLists) throws -> Output {
        try requireSettings(of: plan, in: input)
        let (ledger, population) = prepare(input)
        guard population.statistics == plan.statistics else { throw ShardError.otherDataset }
        return finish(input, ledger: ledger, population: population,
                      bulk: try BulkPairer.union(population, shardCount: shardCount, load: load))
    }

    /// Refuses a plan made with other pairing settings than `input`'s.
    static func requireSettings(of plan: PairingShardPlan, in input: Input) throws {
        let settings = PairingShardPlan.settingsText(input.config)
        guard settings == plan.settings else { throw ShardError.settingsDiffer(plan: plan.settings, run: settings) }
    }

    static func finish(_ input: Input, ledger: MatchLedger, population: PreparedPopulation, bulk: BulkPairingResult) -> Output {
        let config = input.config
        let (lists, reasons) = finalLists(bulk, population: population, previouslyUnpaired: input.previouslyUnpaired)

        let n = population.count
        var unpaired = Table(name: "unpaired", columns: ["steamid", "reason"])
        var byReason: [String: Int] = [:]
        for r in UnpairedReason.allCases { byReason[r.rawValue] = 0 }
        var sizes = [Int](repeating: 0, count: config.k + 1)
        var appearances = [Int](repeating: 0, count: n)
        for u in 0..<n {
            let list = lists.list(u)
            sizes[min(config.k, list.count)] += 1
            for c in list { appearances[Int(c.other)] += 1 }
            if let r = reasons[u] {
                unpaired.append([.id(population.steamIDs[u].rawValue), .string(r.rawValue)])
                byReason[r.rawValue, default: 0] += 1
            }
        }
        let withGames = (0..<n).filter { population.hasVector($0) }
        let previously = Set(input.previouslyUnpaired)
        var decisionCounts: [String: Int] = [:]
        for kind in Decision.Kind.allCases { decisionCounts[kind.rawValue] = 0 }
        for d in input.decisions { decisionCounts[d.kind.rawValue, default: 0] += 1 }
        let summary = PairingSummary(
            players: n, playersWithGames: withGames.count,
            playersPaired: (0..<n).filter { lists.counts[$0] > 0 }.count,
            pairings: lists.counts.reduce(0) { $0 + Int($1) }, k: config.k, listSizeDistribution: sizes,
            unpairedByReason: byReason, exposureCap: exposureCap(config),
            exposureGini: PairingSummary.gini(withGames.map { appearances[$0] }),
            exposureMax: appearances.max() ?? 0,
            playersNeverProposed: withGames.filter { appearances[$0] == 0 }.count,
            previouslyUnpairedNowPaired: (0..<n).filter { previously.contains(population.steamIDs[$0]) && lists.counts[$0] > 0 }.count,
            decisions: decisionCounts, matchesTotal: ledger.matches.count, matchesNew: ledger.newMatches.count,
            matchesDissolved: ledger.dissolved.count)

        var stateUnpaired = unpaired
        stateUnpaired.name = "state/unpaired"
        var stateMatches = matchTable(ledger.matches, name: "state/matches")
        stateMatches.name = "state/matches"
        return Output(population: population, matches: matchTable(ledger.matches, name: "matches"),
                      newMatches: matchTable(ledger.newMatches, name: "new_matches"), unpaired: unpaired,
                      summary: summary, stateMatches: stateMatches, stateUnpaired: stateUnpaired, lists: lists,
                      ledger: ledger)
    }

    static func exposureCap(_ config: PairingConfig) -> Int? {
        config.exposureCapFactor.map { max(1, Int((Double(config.k) * $0).rounded(.up))) }
    }

    /// Applies the exposure cap (if configured) and completes the empty-list reasons.
    public static func finalLists(_ bulk: BulkPairingResult, population p: PreparedPopulation,
                                  previouslyUnpaired: [SteamID64]) -> (PairingLists, [UnpairedReason?]) {
        let k = p.config.k
        var reasons = bulk.emptyReasons
        guard let cap = exposureCap(p.config) else { return (bulk.lists.truncated(to: k), reasons) }
        let first = Set(previouslyUnpaired.compactMap { p.index(of: $0) })
        let priority = (0..<p.count).filter { first.contains($0) } + (0..<p.count).filter { !first.contains($0) }
        let lists = ExposureAllocator.apply(bulk.lists, k: k, cap: cap, priority: priority)
        for u in 0..<p.count where lists.counts[u] == 0 && reasons[u] == nil { reasons[u] = .exposureCap }
        return (lists, reasons)
    }

    static func matchTable(_ records: [MatchRecord], name: String) -> Table {
        var t = Table(name: name, columns: ["a", "b", "matched_at"])
        for m in records {
            t.append([.id(m.pair.a.rawValue), .id(m.pair.b.rawValue), .string(UTCTimestamp.format(m.matchedAt))])
        }
        return t
    }

    /// The `pairings` table, explanations built in parallel chunks and concatenated in player order.
    public static func pairingsTable(_ lists: PairingLists, population p: PreparedPopulation,
                                     players: Range<Int>? = nil) -> Table {
        let range = players ?? 0..<p.count
        let chunk = 2_048
        let chunks = (range.count + chunk - 1) / chunk
        let parts = Mutex([[[Cell]]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var rows: [[Cell]] = []
            for u in (range.lowerBound + c * chunk)..<min(range.upperBound, range.lowerBound + (c + 1) * chunk) {
                for (rank, cand) in lists.list(u).enumerated() {
                    rows.append(row(u, rank: rank + 1, cand, p))
                }
            }
            parts.withLock { $0[c] = rows }
        }
        var table = Table(name: "pairings", columns: pairingColumns)
        table.rows = parts.withLock { $0.flatMap { $0 } }
        return table
    }

    static func row(_ u: Int, rank: Int, _ c: PairCandidate, _ p: PreparedPopulation) -> [Cell] {
        let v = Int(c.other)
        let e = p.explain(u, v)
        let games: [Cell] = e.topGames.map { g in
            .object([
                .init("appid", .int(Int(g.appID))), .init("name", .optional(g.name)),
                .init("hours_you", .fixed(Double(g.minutesYou) / 60, places: 1)),
                .init("hours_them", .fixed(Double(g.minutesThem) / 60, places: 1)),
                .init("favorite_you", .bool(g.favouriteYou)), .init("favorite_them", .bool(g.favouriteThem)),
                .init("share", .fixed(g.share, places: 3)),
            ])
        }
        return [
            .id(p.steamIDs[u].rawValue), .int(rank), .id(p.steamIDs[v].rawValue),
            .fixed(ScoreModel.scoreValue(c.score), places: 6), .fixed(ScoreModel.gameValue(c.dot), places: 6),
            .fixed(ScoreModel.fitValue(p.fit(u, v, distanceKm: e.distanceKm)), places: 4),
            .fixed(ScoreModel.fitValue(p.fit(v, u, distanceKm: e.distanceKm)), places: 4),
            .optional(e.distanceKm, places: 1), .string(e.distanceBucket), .int(e.sharedGames), .list(games),
            .list(e.favouriteHits.map { .int(Int($0)) }), .list(e.theirFavouriteHits.map { .int(Int($0)) }),
            .list(e.recentGames.map { .int(Int($0)) }), .optional(e.sharedLanguage), .optional(e.availabilityOverlapHours),
            .string(e.sentence),
        ]
    }
}
