import CCacheHint
import CScoreKernels
import Geo

/// One worker's scratch state for geo blocks: a region index, an accumulator and a heap, reused across blocks.
/// Pairs of two `anywhere` players are left to `PoolScorer`; for an `anywhere` player the list written here holds
/// only its other partners, and the reason written for an empty one is provisional (`BulkPairer` merges both).
final class BlockScorer {
    let p: PreparedPopulation
    /// Every player's packed pair-rule inputs (`PlayerSide`).
    let sides: [PlayerSide]
    let region: RegionIndex
    let output: ListBuffer
    var heap: TopKHeap
    var accumulator: UnsafeMutablePointer<UInt32>
    var accumulatorCapacity: Int
    /// Region positions first touched by the current query, in touch order (`touchedCount` of them); room for
    /// `accumulatorCapacity` + 1, since each position is touched at most once per query and the branch-free
    /// `RegionIndex.scatterAdd` writes one entry past the count.
    var touchedBase: UnsafeMutablePointer<Int32>
    var touchedCount = 0
    var touched: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: touchedBase, count: touchedCount) }
    /// u's weights by dense game index (zero elsewhere), for exact dots in the pruned traversal.
    let dense: UnsafeMutablePointer<UInt32>
    /// Per region position: how many of the current player's favourites it has (counted during the scatter).
    var favouriteHits: UnsafeMutablePointer<UInt8>
    /// Per dense game, while a player is scored: bit 0 = in its vector, bit 1 = one of its favourites
    /// (`PreparedPopulation.markGames`). They give both fits' favourite hits without a binary search per favourite.
    let gameMarks: UnsafeMutablePointer<UInt8>
    /// The drain's ordering of touched candidates.
    let buckets = DotBucketOrder(capacity: 1024)
    /// Per region position: already evaluated exactly for the current player.
    var evaluatedFlags: UnsafeMutablePointer<UInt8>
    var counters = PairingCounters()
    /// Whether the current player met a geo-admitted candidate sharing a game.
    var sawAdmitted = false
    /// Set by `scatter`: the current query recorded no touches (the drain reads them off the accumulator).
    var denseQuery = false
    /// Set by `scatter`: the drain's sample of the accumulator is taken already (`DotBucketOrder.presampleHistogram`).
    var presampled = false
    /// A dense query's dense columns and u's weights for them (`RegionIndex.column(of:)`), added in one kernel call.
    var columnScratch: UnsafeMutablePointer<UnsafePointer<UInt16>?> = .allocate(capacity: 1)
    var columnWeights: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
    var columnScratchCapacity = 1

    init(population: PreparedPopulation, sides: [PlayerSide], capacity: Int, output: ListBuffer) {
        p = population
        self.sides = sides
        self.output = output
        region = RegionIndex(games: population.appIDs.count)
        heap = TopKHeap(capacity: capacity)
        accumulatorCapacity = 1024
        accumulator = .allocate(capacity: accumulatorCapacity)
        accumulator.initialize(repeating: 0, count: accumulatorCapacity)
        evaluatedFlags = .allocate(capacity: accumulatorCapacity)
        evaluatedFlags.initialize(repeating: 0, count: accumulatorCapacity)
        touchedBase = .allocate(capacity: accumulatorCapacity + 1)

        favouriteHits = .allocate(capacity: accumulatorCapacity)
        favouriteHits.initialize(repeating: 0, count: accumulatorCapacity)
        gameMarks = .allocate(capacity: max(1, population.appIDs.count))
        gameMarks.initialize(repeating: 0, count: max(1, population.appIDs.count))
        dense = .allocate(capacity: max(1, population.appIDs.count))
        dense.initialize(repeating: 0, count: max(1, population.appIDs.count))
    }

    deinit {
        accumulator.deallocate()
        evaluatedFlags.deallocate()
        touchedBase.deallocate()

        dense.deallocate()
        favouriteHits.deallocate()
        gameMarks.deallocate()
        columnScratch.deallocate()
        columnWeights.deallocate()
    }

    private func ensureColumnScratch(_ n: Int) {
        guard n > columnScratchCapacity else { return }
        columnScratch.deallocate()
        columnWeights.deallocate()
        columnScratchCapacity = max(n, 2 * columnScratchCapacity)
        columnScratch = .allocate(capacity: columnScratchCapacity)
        columnWeights = .allocate(capacity: columnScratchCapacity)
    }

    private func ensureAccumulator(_ n: Int) {
        guard n > accumulatorCapacity else { return }
        accumulator.deallocate()
        evaluatedFlags.deallocate()
        touchedBase.deallocate()
        favouriteHits.deallocate()
        accumulatorCapacity = max(n, accumulatorCapacity * 2)
        favouriteHits = .allocate(capacity: accumulatorCapacity)
        favouriteHits.initialize(repeating: 0, count: accumulatorCapacity)
        touchedBase = .allocate(capacity: accumulatorCapacity + 1)
        accumulator = .allocate(capacity: accumulatorCapacity)
        accumulator.initialize(repeating: 0, count: accumulatorCapacity)
        evaluatedFlags = .allocate(capacity: accumulatorCapacity)
        evaluatedFlags.initialize(repeating: 0, count: accumulatorCapacity)
    }

    /// Scores `members` against the region of `regionMembers`. `rebuild`: the region index must be built (false when
    /// this scorer's index already holds exactly that region, e.g. the previous chunk of the same group);
    /// `countBuild`: the build is counted in `regionPostingsBuilt` (once per group, whoever builds it, so the counters
    /// do not depend on which worker took which chunk); `regionRanges`: the region members' vector runs
    /// (`RegionIndex.build`).
    func scoreBlock(members: [Int32], region regionMembers: [Int32], regionRanges: [Range<Int>], rebuild: Bool = true,
                    countBuild: Bool = true) {
        counters.blocks += 1
        if !regionMembers.isEmpty {
            if rebuild {
                let built = region.build(members: regionMembers, ranges: regionRanges, population: p,
                                         denseColumnsFrom: p.config.denseColumnsFromRegionSize, sides: sides)
                if countBuild { counters.regionPostingsBuilt += built }
            } else if countBuild {
                counters.regionPostingsBuilt += region.postingCount
            }
            ensureAccumulator(regionMembers.count)
        }
        for m in members {
            let u = Int(m)
            heap.removeAll()
            sawAdmitted = false
            let searchesRegion = !regionMembers.isEmpty && p.searchRadiusKm(u) >= 0
            if searchesRegion {
                counters.playersSearched += 1
                counters.regionPlayersSearched += regionMembers.count
                p.markGames(of: u, in: gameMarks)
                if regionMembers.count >= p.config.pruneFromRegionSize {
                    pruned(u, index: region, pool: false)
                } else {
                    scatter(u, index: region)
                    drainGeo(u)
                }
                p.unmarkGames(of: u, in: gameMarks)
            }
            output.write(u, heap.sorted())
            if heap.items.isEmpty {
                output.reasons[u] = sawAdmitted ? .allExcluded : anyoneInRange(u, region: searchesRegion ? regionMembers : [])
                    ? .noSharedGames : .noOneInRange
            }
        }
    }

    /// One of u's game lists in the pruned traversal: its MaxScore bound `x(u,g) · max x(·,g)` over the index, u's
    /// weight, and the list's postings.
    private struct Term {
        var bound: UInt64
        var first: Int
        var count: Int
        var weight: UInt32
        var game: UInt32
    }

    private var terms: [Term] = []
    /// `rest[i]`: the summed bounds of terms i..< (what a candidate can still gain from the lists not scanned yet).
    private var rest: [UInt64] = []

    /// Exact pruned traversal (MaxScore). u's lists are taken by descending bound `x(u,g)·max x(·,g)` (the list's
    /// largest weight in this index), so the short lists of rare, heavy games come first and the long lists of
    /// popular games last; `rest[i]` sums the bounds of lists i and later. Once `2·capacity` candidates are touched,
    /// the strongest of them by partial dot get their exact dot (u's weights looked up over the partner's vector)
    /// and are evaluated, which fills the heap early. Before each later list, if the heap is full and
    /// `min(S², rest[i])·Q` is below its worst score, no untouched candidate can enter (its whole dot lies in the
    /// unscanned lists), so no new candidate is admitted. For the candidates already touched, the unscanned lists
    /// are then either looked up per candidate (those whose `acc + rest` can still enter, when they are few) or
    /// scanned adding only to touched candidates, and the accumulator is drained as in the plain scan. Ties: a bound
    /// equal to the worst score is admitted, so the (score, steamid) order decides exactly as in the plain scan.
    /// `pool`: the index is the `anywhere` pool (every pair admitted by geography; see `scorePoolMember`).
    private func pruned(_ u: Int, index: RegionIndex, pool: Bool) {
        let su = sides[u]
        let searchCos = pool ? -2 : UnitVector.cosine(ofKm: p.searchRadiusKm(u)) - 1e-12
        var terms = self.terms, rest = self.rest
        self.terms = []; self.rest = []  // so the local copies are unique and keep their buffers
        terms.removeAll(keepingCapacity: true)
        rest.removeAll(keepingCapacity: true)
        let dense = self.dense, marks = gameMarks, maxWeight = index.maxWeight
        var vectorLength = 0
        p.vectorRanges.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    vectorLength = vs[u].count
                    for i in vs[u] {
                        let g = Int(vg[i])
                        dense[g] = UInt32(vw[i])
                        let (first, count) = index.range(of: g)
                        if count == 0 { continue }
                        terms.append(Term(bound: UInt64(vw[i]) * UInt64(maxWeight[g]), first: first, count: count,
                                          weight: UInt32(vw[i]), game: vg[i]))
                    }
                }
            }
        }
        terms.sort { $0.bound != $1.bound ? $0.bound > $1.bound : $0.game < $1.game }
        rest.append(contentsOf: repeatElement(0, count: terms.count + 1))
        for i in stride(from: terms.count - 1, through: 0, by: -1) { rest[i] = rest[i + 1] &+ terms[i].bound }

        let acc = accumulator, done = evaluatedFlags, hits = favouriteHits, tb = touchedBase
        let postings = index.postings, members = index.members
        let fitScale = UInt64(ScoreModel.fitScale)
        let cap = ScoreModel.gameScale
        let seedCount = 2 * heap.capacity
        var scanned = 0
        var stop = terms.count
        var seeded = false
        var tc = touchedCount

        p.vectorRanges.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    /// v's exact dot with u (u's weights in `dense`) and u's favourites that v has (`gameMarks` bit 1).
                    func exact(_ v: Int) -> (UInt32, Int) {
                        var dot: UInt32 = 0
                        var h = 0
                        for e in vs[v] {
                            let g = Int(vg[e])
                            dot &+= dense[g] &* UInt32(vw[e])
                            h &+= Int(marks[g] >> 1)
                        }
                        return (dot, h)
                    }
                    /// Adds list `term` to the accumulator; `admit`: new candidates are touched, else only touched ones
                    /// gain (a slot is non-zero exactly while touched and not evaluated).
                    func scan(_ term: Term, admit: Bool) {
                        scanned &+= term.count
                        let range = term.first..<(term.first + term.count)
                        let favourite = marks[Int(term.game)] & 2 != 0
                        if admit {
                            RegionIndex.scatterAdd(postings, range, weight: term.weight, into: acc, touched: tb, touchedCount: &tc)
                            if favourite {
                                for j in range {
                                    let l = Int(postings[j].local)
                                    if hits[l] < UInt8.max { hits[l] &+= 1 }
                                }
                            }
                        } else {
                            for j in range {
                                let posting = postings[j]
                                let l = Int(posting.local)
                                let a = acc[l]
                                if a != 0 {
                                    acc[l] = a &+ term.weight &* posting.weight
                                    if favourite && hits[l] < UInt8.max { hits[l] &+= 1 }
                                }
                            }
                        }
                    }
                    /// Evaluates the `seedCount` touched candidates with the largest partial dots exactly.
                    func seed(remaining: UInt64) {
                        seeded = true
                        buckets.sort(tb, count: tc, accumulator: acc)
                        var evaluated = 0
                        buckets.visitDescending { _, slots in
                            for l32 in slots {
                                let l = Int(l32)
                                done[l] = 1
                                let v = Int(members[l])
                                if remaining == 0 {
                                    consider(u, su, searchCos: searchCos, v, dot: acc[l], favouriteHits: Int(hits[l]), pool: pool)
                                } else {
                                    let (dot, h) = exact(v)
                                    consider(u, su, searchCos: searchCos, v, dot: dot, favouriteHits: h, pool: pool)
                                }
                                evaluated &+= 1
                            }
                            return evaluated < seedCount
                        }
                    }
                    for i in 0..<terms.count {
                        if !seeded && tc >= seedCount { seed(remaining: rest[i]) }
                        if heap.isFull, let worst = heap.worst, min(cap, rest[i]) * fitScale < worst.score {
                            stop = i
                            break
                        }
                        scan(terms[i], admit: true)
                    }
                    // Candidates evaluated by the seed leave the accumulator; the rest stay in `tb`.
                    var left = 0
                    for t in 0..<tc {
                        let l = Int(tb[t])
                        if done[l] != 0 {
                            acc[l] = 0; hits[l] = 0; done[l] = 0
                        } else {
                            tb[left] = Int32(l)
                            left &+= 1
                        }
                    }
                    counters.candidatesTouched += tc
                    tc = left
                    var remaining = rest[stop]
                    if remaining > 0 {
                        // The unscanned lists, for the touched candidates only: looked up per candidate that can
                        // still enter when that is cheaper than scanning what is left, else scanned.
                        var open = 0
                        if let worst = heap.worst, heap.isFull {
                            for t in 0..<tc where min(cap, UInt64(acc[Int(tb[t])]) &+ remaining) * fitScale >= worst.score {
                                open &+= 1
                            }
                        } else {
                            open = tc
                        }
                        var left = 0
                        for i in stop..<terms.count { left &+= terms[i].count }
                        if open * vectorLength * Self.lookupCost < left {
                            buckets.sortTop(tb, count: tc, accumulator: acc, minimum: Self.drainFirstPerSlot * heap.capacity)
                            let r = remaining
                            buckets.visitDescending { ceiling, slots in
                                if heap.isFull, let worst = heap.worst, min(cap, UInt64(ceiling) &+ r) * fitScale < worst.score {
                                    return false
                                }
                                for l32 in slots {
                                    let l = Int(l32)
                                    guard heap.admits(upperBound: min(cap, UInt64(acc[l]) &+ r) * fitScale) else { continue }
                                    let v = Int(members[l])
                                    let (dot, h) = exact(v)
                                    consider(u, su, searchCos: searchCos, v, dot: dot, favouriteHits: h, pool: pool)
                                }
                                return true
                            }
                            return
                        }
                        for i in stop..<terms.count { scan(terms[i], admit: false) }
                        remaining = 0
                    }
                    // Every list is in the accumulator: the plain drain (strongest first, stop at the heap's worst).
                    buckets.sortTop(tb, count: tc, accumulator: acc, minimum: Self.drainFirstPerSlot * heap.capacity)
                    buckets.visitDescending { ceiling, slots in
                        if heap.isFull, let worst = heap.worst, min(cap, UInt64(ceiling)) * fitScale < worst.score { return false }
                        for l32 in slots {
                            let l = Int(l32)
                            consider(u, su, searchCos: searchCos, Int(members[l]), dot: acc[l], favouriteHits: Int(hits[l]), pool: pool)
                        }
                        return true
                    }
                }
            }
        }
        for t in 0..<tc {
            let l = Int(tb[t])
            acc[l] = 0; hits[l] = 0
        }
        touchedCount = 0
        counters.postingsScanned += scanned
        if pool { counters.poolPostingsScanned += scanned }
        for i in p.vectorRange(u) { dense[Int(p.vectorGame[i])] = 0 }
        self.terms = terms
        self.rest = rest
    }

    /// Looking up one partner's vector costs about this many postings scanned per entry (random reads).
    static let lookupCost = 4

    /// Scores pool member `u` (an `anywhere` player) against every other member of the `anywhere` pool `pool`
    /// with the pruned traversal, its heap starting from `known` (its partners who are not `anywhere`, final
    /// already), and writes the merged list: the best `capacity` of both parts, as merging the two lists would.
    func scorePoolMember(_ u: Int, pool: RegionIndex, known: [PairCandidate]) {
        ensureAccumulator(pool.members.count)
        heap.removeAll()
        for c in known { heap.push(c) }
        sawAdmitted = false
        p.markGames(of: u, in: gameMarks)
        pruned(u, index: pool, pool: true)
        p.unmarkGames(of: u, in: gameMarks)
        output.write(u, heap.sorted())
    }

    /// The per-candidate checks of both traversals: self, pool split (pairs of two `anywhere` players are the pool's:
    /// skipped in a geo region, the only pairs in the pool), heap bound, u's search radius (`searchCos`), the
    /// distance rule, filters, then the score. u must be marked (`markGames`).
    @inline(__always) private func consider(_ u: Int, _ su: PlayerSide, searchCos: Double, _ v: Int, dot: UInt32,
                                            favouriteHits: Int?, pool: Bool = false) {
        consider(u, su, searchCos: searchCos, v, dot: dot, favouriteHits: favouriteHits, pool: pool) { sides[v] }
    }

    /// `consider` with v's side record from `side` (read only for candidates that pass the bound).
    @inline(__always) private func consider(_ u: Int, _ su: PlayerSide, searchCos: Double, _ v: Int, dot: UInt32,
                                            favouriteHits: Int?, pool: Bool = false, side: () -> PlayerSide) {
        if v == u || (!pool && su.anywhere && p.anywhere[v]) { return }
        if !heap.admits(upperBound: ScoreModel.gameTerm(dot) * UInt64(ScoreModel.fitScale)) { return }
        let sv = side()
        if su.unitX * sv.unitX + su.unitY * sv.unitY + su.unitZ * sv.unitZ < searchCos { return }
        let (admitted, distance) = PlayerSide.geoAdmits(su, sv)
        guard admitted else { return }
        sawAdmitted = true
        counters.candidatesEvaluated += 1
        if let c = p.evaluate(u, v, su, sv, dot: dot, distanceKm: distance, floor: heap.isFull ? heap.worst?.score : nil,
                              favouriteHits: favouriteHits, theirFavouriteHits: p.favouritesMarked(sv, in: gameMarks)) { heap.push(c) }
    }

    /// Only for players left with nothing: is any player with a vector admitted by geography (pool pairs aside)?
    private func anyoneInRange(_ u: Int, region: [Int32]) -> Bool {
        for m in region where Int(m) != u && !(p.anywhere[u] && p.anywhere[Int(m)]) {
            if PlayerSide.geoAdmits(sides[u], sides[Int(m)]).admitted { return true }
        }
        return false
    }

    /// acc[local] += x(u,g)·x(v,g) over u's games; records first touches; counts u's favourites per position.
    ///
    /// When u's lists hold at least as many postings as the region has members (`denseQuery`: a city of thousands
    /// at one point, where popular games touch nearly everyone), the scatter records no touches; the drain then
    /// reads the touched positions off the accumulator (`DotBucketOrder.sortTopPositions`), in position order
    /// instead of touch order. The order within a dot bucket follows, so the work counters can differ from the
    /// touch-order scan; the lists cannot (ties are decided by steamid, whatever the order candidates are met in).
    /// In a dense query the region's common games (`RegionIndex.column(of:)`) are added as whole columns by one
    /// vector kernel call (`scorekernels_add_columns_sampling`, which also takes the drain's sample): the same integer
    /// sums, so the same accumulator. Postings are counted as scanned either way.
    private func scatter(_ u: Int, index: RegionIndex) {
        let acc = accumulator
        let postings = index.postings
        let tp = touchedBase
        var tc = touchedCount
        var scanned = 0
        let mark = gameMarks, hits = favouriteHits
        let regionSize = index.members.count
        p.vectorRanges.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    var listed = 0
                    for i in vs[u] { listed &+= index.range(of: Int(vg[i])).1 }
                    let dense = tc == 0 && listed >= regionSize
                    var columns = 0
                    if dense && index.columnCount > 0 { ensureColumnScratch(vs[u].count) }
                    let columnScratch = self.columnScratch, columnWeights = self.columnWeights
                    for i in vs[u] {
                        let (first, count) = index.range(of: Int(vg[i]))
                        if count == 0 { continue }
                        scanned += count
                        if dense {
                            // A common game is added as a dense column below, with the others in one pass; when it
                            // is one of u's favourites, its column also counts the hits (a member has the game
                            // exactly where its weight is not 0).
                            if let column = index.column(of: Int(vg[i])) {
                                columnScratch[columns] = column
                                columnWeights[columns] = UInt32(vw[i])
                                columns &+= 1
                                if mark[Int(vg[i])] & 2 != 0 { scorekernels_count_present(hits, column, regionSize) }
                                continue
                            }
                            RegionIndex.scatterAdd(postings, first..<(first + count), weight: UInt32(vw[i]), into: acc)
                        } else {
                            RegionIndex.scatterAdd(postings, first..<(first + count), weight: UInt32(vw[i]), into: acc, touched: tp,
                                                   touchedCount: &tc)
                        }
                        if mark[Int(vg[i])] & 2 != 0 {
                            for j in first..<(first + count) {
                                let l = Int(postings[j].local)
                                if hits[l] < UInt8.max { hits[l] &+= 1 }
                            }
                        }
                    }
                    if columns > 0 {
                        // Added last, so the kernel's final pass can also take the drain's sample.
                        scorekernels_add_columns_sampling(acc, columnScratch, columnWeights, columns, regionSize,
                                                          buckets.presampleHistogram())
                        presampled = true
                    }
                    denseQuery = dense
                }
            }
        }
        touchedCount = tc
        counters.postingsScanned += scanned
        counters.candidatesTouched += tc
    }

    /// Drains the accumulator strongest dot first (`DotBucketOrder`), stopping at the first bucket whose largest
    /// possible bound `G·1` cannot beat a full heap's worst: every later candidate is weaker. Few candidates reach
    /// the fits. Every touched slot of the accumulator is cleared. `visit` evaluates one candidate. The index must
    /// hold its members' side records (`build(…, sides:)`).
    private func drain(_ index: RegionIndex, _ visit: (UInt32, Int, Int) -> Void) {
        let acc = accumulator
        let members = index.members
        let minimum = Self.drainFirstPerSlot * heap.capacity
        if denseQuery {
            touchedCount = buckets.sortTopPositions(count: members.count, accumulator: acc, minimum: minimum, scratch: touchedBase,
                                                    presampled: presampled)
            counters.candidatesTouched += touchedCount
        } else {
            buckets.sortTop(touchedBase, count: touchedCount, accumulator: acc, minimum: minimum)
        }
        let fitScale = UInt64(ScoreModel.fitScale)
        let localSides = UnsafeBufferPointer(start: index.sides, count: members.count)
        members.withUnsafeBufferPointer { members in
            p.favouriteGame.withUnsafeBufferPointer { favourites in
                buckets.visitDescending { ceiling, slots in
                    if heap.isFull, let worst = heap.worst, ScoreModel.gameTerm(ceiling) * fitScale < worst.score { return false }
                    Self.visitPrefetching(slots, sides: localSides, favourites: favourites) { l in
                        visit(acc[l], Int(members[l]), l)
                    }
                    return true
                }
            }
        }
        let hits = favouriteHits
        if denseQuery || touchedCount >= members.count / 4 {
            // A dense region touches most members: clearing the whole range in order beats a random walk.
            acc.update(repeating: 0, count: members.count)
            hits.update(repeating: 0, count: members.count)
        } else {
            for l in touched { acc[Int(l)] = 0; hits[Int(l)] = 0 }
        }
        touchedCount = 0
        denseQuery = false
        presampled = false
    }

    /// Calls `body` with each slot in order, for an index whose members' side records are copied by position
    /// (`RegionIndex.sides`). A candidate that passes the score bound reads its side record, then its favourites, two
    /// cache misses at random places, the second known only from the first: the record of the candidate
    /// `drainLookahead` on is asked for, and the favourites of the one half as far on (its record asked for earlier),
    /// while `body` checks this one.
    @inline(__always) static func visitPrefetching(_ slots: UnsafeBufferPointer<Int32>, sides: UnsafeBufferPointer<PlayerSide>,
                                                   favourites: UnsafeBufferPointer<UInt32>, _ body: (Int) -> Void) {
        let count = slots.count, ahead = drainLookahead, half = drainLookahead / 2
        for j in 0..<min(count, ahead) { PlayerSide.prefetch(sides, Int(slots[j])) }
        for j in 0..<count {
            if j + ahead < count { PlayerSide.prefetch(sides, Int(slots[j + ahead])) }
            if j + half < count { prefetchFavourites(sides[Int(slots[j + half])], in: favourites) }
            body(Int(slots[j]))
        }
    }

    /// How many candidates ahead `drain` prefetches side records.
    static let drainLookahead = 6

    /// Asks for the start of a player's favourites (most hold a few: one line).
    @inline(__always) static func prefetchFavourites(_ side: PlayerSide, in favourites: UnsafeBufferPointer<UInt32>) {
        guard side.favouriteCount > 0, let base = favourites.baseAddress else { return }
        ccachehint_prefetch(base + Int(side.favouriteFirst))
    }

    /// The drain orders up front the strongest buckets holding this many candidates per heap slot (the rest only
    /// if the heap is still open after them; `DotBucketOrder.sortTop`).
    static let drainFirstPerSlot = 8

    /// The geo drain; candidates' side records come from the region's copy (`RegionIndex.sides`).
    private func drainGeo(_ u: Int) {
        let su = sides[u]
        let searchCos = UnitVector.cosine(ofKm: p.searchRadiusKm(u)) - 1e-12
        let hits = favouriteHits, localSides = region.sides
        drain(region) { dot, v, local in
            consider(u, su, searchCos: searchCos, v, dot: dot, favouriteHits: Int(hits[local])) { localSides[local] }
        }
    }
}
