import PlayerModel

/// Turns the full decision log plus the previous run's matches into this run's matches and exclusions.
///
/// Rules: a pair matches when each side has an accept for the other and neither side ever rejected or blocked
/// the other; `matched_at` is the later of the two sides' first accepts. A reject or block by either side
/// suppresses the pair in both directions for good (it also dissolves an earlier match). Matches from the previous
/// state are carried over with their original `matched_at`. `newMatches` are matches absent from the previous state.
/// A player who accepted someone who has not answered is not shown that person again (directed exclusion).
/// The same decisions and the same previous state always give the same outcome, so reruns change nothing.
public struct MatchLedger: Sendable, Hashable {
    public var matches: [MatchRecord]
    public var newMatches: [MatchRecord]
    public var dissolved: [MatchRecord]
    public var suppressed: [PairKey]
    public var pendingDirected: [(from: SteamID64, to: SteamID64)] {
        pendingPairs.map { ($0.a, $0.b) }
    }
    /// (from, to) stored as `PairKey`-less tuples, sorted.
    var pendingPairs: [OrderedPair]

    struct OrderedPair: Sendable, Hashable, Comparable {
        var a: SteamID64
        var b: SteamID64
        static func < (l: OrderedPair, r: OrderedPair) -> Bool { (l.a, l.b) < (r.a, r.b) }
    }

    public static func == (l: MatchLedger, r: MatchLedger) -> Bool {
        l.matches == r.matches && l.newMatches == r.newMatches && l.dissolved == r.dissolved
            && l.suppressed == r.suppressed && l.pendingPairs == r.pendingPairs
    }

    public func hash(into h: inout Hasher) { h.combine(matches); h.combine(newMatches); h.combine(suppressed) }

    public init(decisions: [Decision], previousMatches: [MatchRecord]) {
        var firstAccept: [OrderedPair: Int64] = [:]
        var negative = Set<PairKey>()
        for d in decisions {
            switch d.kind {
            case .accept:
                let key = OrderedPair(a: d.from, b: d.to)
                firstAccept[key] = min(firstAccept[key] ?? .max, d.at)
            case .reject, .block:
                negative.insert(PairKey(d.from, d.to))
            }
        }
        var current: [PairKey: Int64] = [:]
        for (key, t) in firstAccept where key.a < key.b {
            guard let back = firstAccept[OrderedPair(a: key.b, b: key.a)] else { continue }
            let pair = PairKey(key.a, key.b)
            if !negative.contains(pair) { current[pair] = max(t, back) }
        }
        var previous: [PairKey: Int64] = [:]
        for m in previousMatches { previous[m.pair] = min(previous[m.pair] ?? .max, m.matchedAt) }
        var dissolved: [MatchRecord] = []
        for (pair, t) in previous {
            if negative.contains(pair) { dissolved.append(MatchRecord(pair: pair, matchedAt: t)) } else { current[pair] = t }
        }
        matches = current.map { MatchRecord(pair: $0.key, matchedAt: $0.value) }.sorted()
        newMatches = matches.filter { previous[$0.pair] == nil }
        self.dissolved = dissolved.sorted()
        suppressed = negative.sorted()
        let matched = Set(current.keys)
        pendingPairs = firstAccept.keys.filter { !matched.contains(PairKey($0.a, $0.b)) && !negative.contains(PairKey($0.a, $0.b)) }
            .sorted()
    }

    /// Friendships, suppressed pairs and matches both ways; pending accepts from the accepter's side.
    public func exclusions(friendships: [Friendship]) -> PairExclusions {
        var e = PairExclusions()
        for f in friendships { e.exclude(f.a, f.b) }
        for p in suppressed { e.exclude(p.a, p.b) }
        for m in matches { e.exclude(m.pair.a, m.pair.b) }
        for p in pendingPairs { e.excludeDirected(from: p.a, to: p.b) }
        return e
    }
}
