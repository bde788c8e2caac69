import CCacheHint

/// One pair's explanation as numbers and dense game indices: what `PreparedPopulation.explain(_:_:into:)` fills,
/// reusing its arrays, so renderers can write a row per pair with no string built and nothing allocated once the
/// buffers are warm. `PairExplanation` is the same content with app ids and text.
public struct PairExplanationFigures: Sendable {
    /// A cited shared game: one of the largest terms of the dot product.
    public struct CitedGame: Sendable, Hashable {
        /// Dense game index (`PreparedPopulation.appIDs[game]` is the app id).
        public var game: Int
        public var minutesYou: Int
        public var minutesThem: Int
        public var favouriteYou: Bool
        public var favouriteThem: Bool
        public var recentBoth: Bool
        /// x(u,g)·x(v,g).
        public var term: UInt32
    }

    /// Cited games in citation order (term desc, appid asc).
    public var cited: [CitedGame] = []
    public var dot: UInt32 = 0
    public var sharedGames = 0
    /// u's favourites that v plays or declared, and the reverse (dense game indices, ascending).
    public var favouriteHits: [UInt32] = []
    public var theirFavouriteHits: [UInt32] = []
    /// Shared games both played in the last two weeks (dense game indices, ascending).
    public var recentGames: [UInt32] = []
    public var distanceKm: Double?
    public var sharedLanguage: Bool?
    public var availabilityOverlapHours: Int?
    /// q(u→v) and q(v→u), quantised.
    public var fitYou: UInt32 = 0
    public var fitThem: UInt32 = 0

    /// Reuse state of `PreparedPopulation.explain(_:_:into:)`: per dense game, 1 + the entry index in the list
    /// owner's vector (0 when the owner does not have it), for `markedOwner`'s vector; allocated on the second
    /// explanation through these figures, so a one-off explanation never pays for it.
    var ownerEntry: [Int32] = []
    var markedOwner = -1
    /// Which population's vectors `ownerEntry` marks (its game column's storage and length).
    var markedPopulation: (UInt, Int) = (0, 0)
    var explained = 0

    public init() {}

    /// A cited game's share of the dot product.
    public func share(_ c: CitedGame) -> Double { dot > 0 ? Double(c.term) / Double(dot) : 0 }
}

extension PreparedPopulation {
    /// Fills `f` with the explanation of u's proposal v: the dot, the shared count, the recent games, the favourite
    /// hits both ways and the `limit` largest terms (kept ordered by term desc, appid asc). The first explanation
    /// through `f` merges the two sorted vectors; later ones mark the list owner's vector once (`explainMarked`), so
    /// a list of k partners costs one pass over each partner's vector.
    public func explain(_ u: Int, _ v: Int, into f: inout PairExplanationFigures, topGames limit: Int = 3) {
        f.cited.removeAll(keepingCapacity: true)
        f.recentGames.removeAll(keepingCapacity: true)
        f.favouriteHits.removeAll(keepingCapacity: true)
        f.theirFavouriteHits.removeAll(keepingCapacity: true)
        f.explained &+= 1
        if f.explained >= 2 {
            explainMarked(u, v, into: &f, topGames: limit)
        } else {
            explainMerged(u, v, into: &f, topGames: limit)
        }
        let su = side(u), sv = side(v)
        let distance = PlayerSide.geoAdmits(su, sv).distanceKm
        f.distanceKm = distance
        f.sharedLanguage = languageMaskExact ? PlayerSide.shareLanguageByMask(su, sv) : shareLanguage(u, v)
        // The packed words of `availability` (three per player; hours 0 = not stated): no mask copied per pair.
        if su.availabilityHours > 0 && sv.availabilityHours > 0 {
            f.availabilityOverlapHours = (su.availability0 & sv.availability0).nonzeroBitCount
                + (su.availability1 & sv.availability1).nonzeroBitCount + (su.availability2 & sv.availability2).nonzeroBitCount
        } else {
            f.availabilityOverlapHours = nil
        }
        f.fitYou = fit(u, v, su, sv, distanceKm: distance, favouriteHits: f.favouriteHits.count)
        f.fitThem = fit(v, u, sv, su, distanceKm: distance, favouriteHits: f.theirFavouriteHits.count)
    }

    /// Prefetches for a list explained in order, about to explain its entry `rank`: everything `explain` reads of the
    /// next partner (whose vector start the previous call asked for) and the vector start and side record of the one
    /// after, so no prefetch waits on a miss of its own. The partners' cache misses (most of an explanation's cost:
    /// they are anywhere in memory) then overlap the current row's work. Hints only; no result depends on them.
    public func prefetchExplanations(_ list: ArraySlice<PairCandidate>, explaining rank: Int) {
        let next = list.startIndex + rank + 1
        guard next >= list.startIndex else { return }
        if next < list.endIndex { prefetchPartner(Int(list[next].other)) }
        if next + 1 < list.endIndex { prefetchPartnerStart(Int(list[next + 1].other)) }
    }

    /// What `explain(_:v:into:)` reads of partner v: its vector's columns and its side record.
    func prefetchPartner(_ v: Int) {
        guard v >= 0 && v < count else { return }
        let start = vectorRanges[v].lowerBound, end = min(vectorRanges[v].upperBound, start + 64)
        // The 4-byte columns a line (16 entries) at a time, up to 64 entries (most vectors are ~25 long).
        for i in stride(from: start, to: end, by: 16) {
            Self.prefetch(vectorGame, i)
            Self.prefetch(vectorWeight, i)
            Self.prefetch(vectorRecentMinutes.narrow, i)
            Self.prefetch(vectorMinutes.narrow, i)
        }
        Self.prefetch(vectorFavourite, start)
        prefetchSide(v)
    }

    /// Partner v's vector start and side record: what `prefetchPartner` will need first.
    func prefetchPartnerStart(_ v: Int) {
        guard v >= 0 && v < count else { return }
        Self.prefetch(vectorRanges, v)
        prefetchSide(v)
    }

    /// The side record of v: up to two cache lines.
    private func prefetchSide(_ v: Int) {
        sideRecords.withUnsafeBufferPointer { PlayerSide.prefetch($0, v) }
    }

    @inline(__always) private static func prefetch<Element>(_ column: [Element], _ i: Int) {
        column.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, i < buffer.count else { return }
            ccachehint_prefetch(base + i)
        }
    }

    /// Inserts a shared game into `f.cited` if it is among the `limit` largest terms (term desc, game asc).
    @inline(__always) private func cite(_ term: UInt32, game: UInt32, you i: Int, them j: Int, recent: Bool,
                                        into f: inout PairExplanationFigures, limit: Int) {
        guard limit > 0 && (f.cited.count < limit || Self.citesBefore(term, Int(game), f.cited[f.cited.count - 1])) else { return }
        var at = f.cited.count
        while at > 0 && Self.citesBefore(term, Int(game), f.cited[at - 1]) { at -= 1 }
        f.cited.insert(.init(game: Int(game), minutesYou: vectorMinutes[i], minutesThem: vectorMinutes[j],
                             favouriteYou: vectorFavourite[i], favouriteThem: vectorFavourite[j],
                             recentBoth: recent, term: term), at: at)
        if f.cited.count > limit { f.cited.removeLast() }
    }

    /// The shared-game part of `explain` for a list owner explained again: u's vector is marked once in
    /// `f.ownerEntry` (per dense game), then each partner costs one pass over its own vector. Shared games come in
    /// ascending game order, as in the merge, so the recent games and both favourite-hit lists stay ascending.
    private func explainMarked(_ u: Int, _ v: Int, into f: inout PairExplanationFigures, topGames limit: Int) {
        let population = (vectorGame.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, vectorGame.count)
        if f.ownerEntry.count != appIDs.count || f.markedPopulation != population {
            f.ownerEntry = [Int32](repeating: 0, count: appIDs.count)
            f.markedOwner = -1
            f.markedPopulation = population
        }
        if f.markedOwner != u {
            if f.markedOwner >= 0 { for i in vectorRange(f.markedOwner) { f.ownerEntry[Int(vectorGame[i])] = 0 } }
            for i in vectorRange(u) { f.ownerEntry[Int(vectorGame[i])] = Int32(i + 1) }
            f.markedOwner = u
        }
        var dot: UInt32 = 0
        var shared = 0
        let entries = f.ownerEntry
        f.ownerEntry = []  // the local copy stays unique while `f` is written below
        entries.withUnsafeBufferPointer { owner in
            vectorGame.withUnsafeBufferPointer { vg in
                vectorWeight.withUnsafeBufferPointer { vw in
                    for j in vectorRanges[v] {
                        let g = vg[j]
                        let mark = owner[Int(g)]
                        if mark == 0 { continue }
                        let i = Int(mark) - 1
                        let term = UInt32(vw[i]) &* UInt32(vw[j])
                        dot &+= term
                        shared += 1
                        let recent = vectorRecentMinutes[i] > 0 && vectorRecentMinutes[j] > 0
                        if recent { f.recentGames.append(g) }
                        if vectorFavourite[i] { f.favouriteHits.append(g) }
                        if vectorFavourite[j] { f.theirFavouriteHits.append(g) }
                        cite(term, game: g, you: i, them: j, recent: recent, into: &f, limit: limit)
                    }
                }
            }
        }
        f.ownerEntry = entries
        f.dot = dot
        f.sharedGames = shared
    }

    /// The shared-game part of `explain` by one merge of the two sorted vectors (a first explanation).
    private func explainMerged(_ u: Int, _ v: Int, into f: inout PairExplanationFigures, topGames limit: Int) {
        var dot: UInt32 = 0
        var shared = 0
        // The merge runs over raw buffers: it is most of an explanation's cost (two ~25-game vectors per pair).
        vectorGame.withUnsafeBufferPointer { vg in
            vectorWeight.withUnsafeBufferPointer { vw in
                var i = vectorRanges[u].lowerBound, j = vectorRanges[v].lowerBound
                let ie = vectorRanges[u].upperBound, je = vectorRanges[v].upperBound
                while i < ie && j < je {
                    let a = vg[i], b = vg[j]
                    if a == b {
                        let term = UInt32(vw[i]) &* UInt32(vw[j])
                        dot &+= term
                        shared += 1
                        let recent = vectorRecentMinutes[i] > 0 && vectorRecentMinutes[j] > 0
                        if recent { f.recentGames.append(a) }
                        // Dense order is appid order, so (term desc, game asc) is the citation order.
                        cite(term, game: a, you: i, them: j, recent: recent, into: &f, limit: limit)
                        i += 1; j += 1
                    } else if a < b { i += 1 } else { j += 1 }
                }
            }
        }
        f.dot = dot
        f.sharedGames = shared
        for k in favouriteStart[u]..<favouriteStart[u + 1] where vectorContains(v, game: favouriteGame[k]) {
            f.favouriteHits.append(favouriteGame[k])
        }
        for k in favouriteStart[v]..<favouriteStart[v + 1] where vectorContains(u, game: favouriteGame[k]) {
            f.theirFavouriteHits.append(favouriteGame[k])
        }
    }

    /// The citation order of shared games: larger term first, then lower game (= lower appid).
    @inline(__always) static func citesBefore(_ term: UInt32, _ game: Int, _ o: PairExplanationFigures.CitedGame) -> Bool {
        term != o.term ? term > o.term : game < o.game
    }

    /// The one-line reason, second person, for the list owner ("you both sank 300 h into Dota 2, 12 km apart"),
    /// appended as UTF-8. `name(g, &out)` appends the display name of dense game g.
    public static func appendSentence(_ f: PairExplanationFigures, to out: inout [UInt8],
                                      name: (Int, inout [UInt8]) -> Void) {
        var first = true
        func part(_ text: StaticString) {
            if !first { out.append(0x2C); out.append(0x20) }
            first = false
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        if let g = f.cited.first {
            let hours = min(g.minutesYou, g.minutesThem) / 60
            if hours >= 1 {
                part("you both sank ")
                appendDecimal(hours, to: &out)
                out.append(contentsOf: " h into ".utf8)
            } else if g.minutesYou > 0 && g.minutesThem > 0 {
                part("you both play ")
            } else {
                part("you both love ")
            }
            name(g.game, &out)
            if f.cited.count > 1 {
                part("also ")
                for (k, c) in f.cited.dropFirst().enumerated() {
                    if k > 0 { out.append(contentsOf: " and ".utf8) }
                    name(c.game, &out)
                }
            }
        }
        if let h = f.favouriteHits.first {
            part("they play your favourite ")
            name(Int(h), &out)
        }
        if !f.recentGames.isEmpty { part("both active in the last two weeks") }
        if f.sharedLanguage == true { part("you share a language") }
        if let d = f.distanceKm {
            part("")
            appendDecimal(Int(d.rounded()), to: &out)
            out.append(contentsOf: " km apart".utf8)
        } else {
            part("both open to players anywhere")
        }
    }

    /// Decimal digits of an integer, appended as UTF-8.
    public static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        var digits = 1, rest = v
        while rest >= 10 { rest /= 10; digits += 1 }
        let start = out.count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var k = start + digits - 1
        repeat {
            out[k] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            k -= 1
        } while v > 0
    }
}
