import Ingest
import PlayerModel

/// One (player, game) while documents arrive. Lifetime minutes prefer exact JSON minutes over XML hours,
/// then the higher `SourceRank`; other fields take the highest-ranked source that states them.
///
/// There is one per library row (~2.7 M at 100,000 players, in a dictionary), so the fields are stored flat:
/// each value beside its `RankRef`, a value present exactly when its ref is not `.none`, which packs into 72
/// bytes instead of the 96 that three `RankedValue`s and two optionals took. The `RankedValue` properties
/// read and write that storage (the spill codec uses them).
struct GameAccumulator: Sendable {
    private var storedName: String?
    private var storedMinutes2Weeks = 0
    private var storedLastPlayed: Int64 = 0
    private var storedMinutesTotal = 0
    var sources = SourceRefs()
    private var nameRank = RankRef.none
    private var minutes2WeeksRank = RankRef.none
    private var lastPlayedRank = RankRef.none
    private var minutesTotalRank = RankRef.none
    private var minutesExact = false

    var name: RankedValue<String> {
        get { RankedValue(value: storedName, rank: nameRank) }
        set { (storedName, nameRank) = (newValue.value, newValue.value == nil ? .none : newValue.rank) }
    }

    var minutes2Weeks: RankedValue<Int> {
        get { RankedValue(value: minutes2WeeksRank == .none ? nil : storedMinutes2Weeks, rank: minutes2WeeksRank) }
        set { (storedMinutes2Weeks, minutes2WeeksRank) = (newValue.value ?? 0, newValue.value == nil ? .none : newValue.rank) }
    }

    var lastPlayed: RankedValue<Int64> {
        get { RankedValue(value: lastPlayedRank == .none ? nil : storedLastPlayed, rank: lastPlayedRank) }
        set { (storedLastPlayed, lastPlayedRank) = (newValue.value ?? 0, newValue.value == nil ? .none : newValue.rank) }
    }

    /// Set together with `minutesRank` (the spill codec sets this one first).
    var minutesTotal: Int? {
        get { minutesTotalRank == .none ? nil : storedMinutesTotal }
        set { storedMinutesTotal = newValue ?? 0 }
    }

    var minutesRank: MinutesRank? {
        get { minutesTotalRank == .none ? nil : MinutesRank(exact: minutesExact, rank: minutesTotalRank) }
        set { (minutesExact, minutesTotalRank) = (newValue?.exact ?? false, newValue?.rank ?? .none) }
    }

    mutating func add(_ game: GameFacts, exactMinutes: Bool, rank: RankRef, in table: RankTable) {
        Self.offerOptional(game.name, rank, to: &storedName, &nameRank, in: table)
        Self.offer(game.minutes2Weeks, rank, to: &storedMinutes2Weeks, &minutes2WeeksRank, in: table)
        Self.offer(game.lastPlayed, rank, to: &storedLastPlayed, &lastPlayedRank, in: table)
        sources.insert(rank)
        guard let minutes = game.minutesTotal else { return }
        offerMinutes(minutes, MinutesRank(exact: exactMinutes, rank: rank), in: table)
    }

    /// `RankedValue.offer` on a flat (value, ref) pair.
    @inline(__always)
    private static func offer<Value>(_ candidate: Value?, _ candidateRank: RankRef, to value: inout Value, _ rank: inout RankRef,
                                     in table: RankTable) {
        guard let candidate else { return }
        if rank != .none, !table.outranks(candidateRank, rank) { return }
        value = candidate
        rank = candidateRank
    }

    @inline(__always)
    private static func offerOptional<Value>(_ candidate: Value?, _ candidateRank: RankRef, to value: inout Value?, _ rank: inout RankRef,
                                     in table: RankTable) {
        guard let candidate else { return }
        if rank != .none, !table.outranks(candidateRank, rank) { return }
        value = candidate
        rank = candidateRank
    }

    /// Exact (JSON) minutes beat XML hours; then the higher source rank.
    private mutating func offerMinutes(_ minutes: Int, _ candidate: MinutesRank, in table: RankTable) {
        if let current = minutesRank {
            let better = candidate.exact != current.exact ? candidate.exact : table.outranks(candidate.rank, current.rank)
            guard better else { return }
        }
        storedMinutesTotal = minutes
        minutesRank = candidate
    }

    mutating func merge(_ other: GameAccumulator, shift: UInt32, in table: RankTable) {
        if other.nameRank != .none { Self.offerOptional(other.storedName, other.nameRank.shifted(by: shift), to: &storedName, &nameRank, in: table) }
        if other.minutes2WeeksRank != .none {
            Self.offer(other.storedMinutes2Weeks, other.minutes2WeeksRank.shifted(by: shift), to: &storedMinutes2Weeks, &minutes2WeeksRank,
                       in: table)
        }
        if other.lastPlayedRank != .none {
            Self.offer(other.storedLastPlayed, other.lastPlayedRank.shifted(by: shift), to: &storedLastPlayed, &lastPlayedRank, in: table)
        }
        sources.formUnion(other.sources, shift: shift)
        if let minutes = other.minutesTotal, let rank = other.minutesRank {
            offerMinutes(minutes, MinutesRank(exact: rank.exact, rank: rank.rank.shifted(by: shift)), in: table)
        }
    }

    /// Nothing stated yet.
    init() {}

    /// What one document stated (`add` on an empty accumulator, from the values themselves): every value given, and
    /// the sources, carry `rank`; `exact` counts only with `minutesTotal`.
    init(statementOf rank: RankRef, name: String?, minutesTotal: Int?, exact: Bool, minutes2Weeks: Int?, lastPlayed: Int64?) {
        if let name { (storedName, nameRank) = (name, rank) }
        if let minutes2Weeks { (storedMinutes2Weeks, minutes2WeeksRank) = (minutes2Weeks, rank) }
        if let lastPlayed { (storedLastPlayed, lastPlayedRank) = (lastPlayed, rank) }
        sources.insert(rank)
        if let minutesTotal { (storedMinutesTotal, minutesTotalRank, minutesExact) = (minutesTotal, rank, exact) }
    }

    /// The statement this accumulator is (see `init(statementOf:…)`), or nil when it holds something no single
    /// statement gives: more than one source, no source, or a value ranked by another source than its one.
    var statement: (rank: RankRef, name: String?, minutesTotal: Int?, exact: Bool, minutes2Weeks: Int?, lastPlayed: Int64?)? {
        guard let rank = sources.single else { return nil }
        for held in [nameRank, minutes2WeeksRank, lastPlayedRank, minutesTotalRank] where held != .none && held != rank { return nil }
        if minutesTotalRank == .none, minutesExact { return nil }
        return (rank, nameRank == .none ? nil : storedName, minutesTotalRank == .none ? nil : storedMinutesTotal, minutesExact,
                minutes2WeeksRank == .none ? nil : storedMinutes2Weeks, lastPlayedRank == .none ? nil : storedLastPlayed)
    }

    struct MinutesRank: Sendable {
        var exact: Bool
        var rank: RankRef
    }

    func resolve(_ key: GameKey, ranks: RankTable, shared: inout SharedRowValues) -> PlayerGame {
        PlayerGame(steamID: key.player, appID: key.appID, name: shared.name(name.value, appID: key.appID),
                   minutesTotal: minutesTotal ?? 0, minutes2Weeks: minutes2Weeks.value, lastPlayed: lastPlayed.value,
                   sources: shared.sources(sources, in: ranks))
    }
}
