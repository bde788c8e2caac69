import CScoreKernels

/// Scores the pairs of two `anywhere` players, which pair at any distance, once per unordered pair.
///
/// The pool index lists every `anywhere` player with a vector in dense order (postings ascending by pool
/// position). Row `r` scatter-adds only the postings of positions after `r`, so each pair (r, c), r < c, is
/// met once, and its exact score goes to both players: to r's heap and to c's heap. Rows are dealt to a fixed
/// number of stripes (`BulkPairer.poolStripes`); a stripe is scored by one worker from empty heaps, so what it
/// evaluates, and so every counter, depends only on the data, never on threads. A stripe's heaps are then merged
/// into the pool's result heaps; the top `capacity` of a union does not depend on merge order.
///
/// A stripe's heap for a later position only sees the pairs of that stripe's rows, so its bound is weak. Each
/// position therefore first gets a floor (`seedFloor`): the `capacity`-th best score among a few strong pairs
/// found through its heaviest games. Those pairs are real, so its final list cannot hold a pair scoring below
/// the floor, and the stripes skip such pairs unevaluated. Floors depend only on the data.
///
/// A position's current cut (its floor, or its stripe heap's worst when full and higher) is kept per position and
/// updated on every push, so a drain drops positions neither side can take before visiting them, and a visit reads
/// the column's cut from a compact array instead of its heap. Exclusions between pool players are marked per row
/// (`PoolExclusionIndex`).
final class PoolScorer {
    let p: PreparedPopulation
    /// Built with the side records (`RegionIndex.sides`): visits read the pool's compact copy by position.
    let pool: RegionIndex
    /// Per pool position: the floor from `seedFloor` (0 when unknown).
    let floors: UnsafePointer<UInt64>
    /// Per pool position: this stripe's best candidates so far.
    let heaps: BoundedHeaps
    private let accumulator: UnsafeMutablePointer<UInt32>
    private let touched: UnsafeMutablePointer<Int32>
    private let buckets: DotBucketOrder
    /// u's weights by dense game index (zero elsewhere) while `seedFloor` completes its candidates' dots.
    private let dense: UnsafeMutablePointer<UInt32>
    /// Per dense game, while a row is scored: bit 0 = in u's vector, bit 1 = one of u's favourites. They give both
    /// fits' favourite hits without a binary search per favourite (`rowFavouriteHits` counts u's side in the scan).
    private let rowGames: UnsafeMutablePointer<UInt8>
    /// Per pool slot: how many of the row's favourites it has, counted while scanning (plain rows only).
    private let rowFavouriteHits: UnsafeMutablePointer<UInt8>
    /// Per pool position while a row is scored: `PoolExclusionIndex` bits of its pair with the row.
    private let exclusionMarks: UnsafeMutablePointer<UInt8>
    private let exclusions: PoolExclusionIndex
    /// Per pool position: the score a pair must reach to matter to its list, its floor or its stripe heap's worst when
    /// full and higher (`UInt64.max` when the heaps keep nothing); kept current by `push`, valid once `cutsReady`.
    private let cuts: UnsafeMutablePointer<UInt64>
    /// Per pool position: `dotThreshold(cuts[slot])`, so a drain tests a bound with one compare.
    private let cutDots: UnsafeMutablePointer<UInt32>
    private var cutsReady = false
    var counters = PairingCounters()

    init(population: PreparedPopulation, pool: RegionIndex, capacity: Int,
         floors: UnsafePointer<UInt64>, exclusions: PoolExclusionIndex) {
        p = population
        self.pool = pool
        self.floors = floors
        self.exclusions = exclusions
        let n = max(1, pool.members.count)
        heaps = BoundedHeaps(slots: n, capacity: capacity)
        accumulator = .allocate(capacity: n)
        accumulator.initialize(repeating: 0, count: n)
        touched = .allocate(capacity: n + 1)  // + 1: RegionIndex.scatterAdd writes one past the count
        buckets = DotBucketOrder(capacity: n)
        dense = .allocate(capacity: max(1, population.appIDs.count))
        dense.initialize(repeating: 0, count: max(1, population.appIDs.count))
        rowGames = .allocate(capacity: max(1, population.appIDs.count))
        rowGames.initialize(repeating: 0, count: max(1, population.appIDs.count))
        rowFavouriteHits = .allocate(capacity: n)
        rowFavouriteHits.initialize(repeating: 0, count: n)
        exclusionMarks = .allocate(capacity: n)
        exclusionMarks.initialize(repeating: 0, count: n)
        cuts = .allocate(capacity: n)
        cutDots = .allocate(capacity: n)
    }

    deinit {
        accumulator.deallocate()
        touched.deallocate()
        dense.deallocate()
        rowGames.deallocate()
        rowFavouriteHits.deallocate()
        exclusionMarks.deallocate()
        cuts.deallocate()
        cutDots.deallocate()
        columnStarts.deallocate()
        columnWeights.deallocate()
    }

    /// Scores row `r` against every later pool position. When the row's postings are at least
    /// `denseDrainRatio`⁻¹ of its later positions (the usual case in a large pool, where popular games touch nearly
    /// every partner), the scatter-add records no touches and the drain scans the accumulator over the later
    /// positions in order (`drainDense`); otherwise touches are recorded and drained as a list (`drain`).
    func scoreRow(_ r: Int) {
        if !cutsReady { resetCuts() }
        let members = pool.members
        let u = Int(members[r])
        let postings = pool.postings
        let acc = accumulator, marks = rowGames, hits = rowFavouriteHits
        var touchedCount = 0
        var scanned = 0
        p.markGames(of: u, in: rowGames)
        var lists = rowLists
        rowLists = []  // so the local copy is unique and keeps the buffer
        lists.removeAll(keepingCapacity: true)
        p.vectorRanges.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    for i in vs[u] {
                        let (first, count) = pool.range(of: Int(vg[i]))
                        if count == 0 { continue }
                        let lo = RegionIndex.firstPosting(after: r, in: postings, first: first, count: count)
                        if lo == first + count { continue }
                        scanned += first + count - lo
                        lists.append(RowList(from: lo, end: first + count, weight: UInt32(vw[i]), game: vg[i],
                                             favourite: marks[Int(vg[i])] & 2 != 0))
                    }
                }
            }
        }
        let later = members.count - r - 1
        let dense = members.count >= p.config.denseDrainPoolFromSize && scanned * Self.denseDrainRatio >= later
        exclusions.mark(row: r, in: exclusionMarks)
        var columnCount = 0
        for list in lists {
            // A dense row adds a common game's column over the later positions (the same sums and hits as its
            // postings after r) in one kernel call below.
            if dense, let column = pool.column(of: Int(list.game)) {
                columnStarts[columnCount] = column + r + 1
                columnWeights[columnCount] = list.weight
                columnCount += 1
                if list.favourite { scorekernels_count_present(hits + r + 1, column + r + 1, later) }
                continue
            }
            if dense {
                RegionIndex.scatterAdd(postings, list.from..<list.end, weight: list.weight, into: acc)
            } else {
                RegionIndex.scatterAdd(postings, list.from..<list.end, weight: list.weight, into: acc, touched: touched,
                                       touchedCount: &touchedCount)
            }
            if list.favourite {
                for j in list.from..<list.end {
                    let l = Int(postings[j].local)
                    if hits[l] < UInt8.max { hits[l] &+= 1 }
                }
            }
        }
        if columnCount > 0 { scorekernels_add_columns(acc + r + 1, columnStarts, columnWeights, columnCount, later) }
        rowLists = lists
        counters.postingsScanned += scanned
        counters.poolPostingsScanned += scanned
        if dense {
            counters.poolDenseRows += 1
            drainDense(row: r, u: u)
        } else {
            counters.candidatesTouched += touchedCount
            drain(row: r, u: u, touchedCount: touchedCount)
        }
        exclusions.unmark(row: r, in: exclusionMarks)
        p.unmarkGames(of: u, in: rowGames)
    }

    /// Sets every position's cut to its floor (the floors are final once rows are scored; heaps start empty).
    private func resetCuts() {
        let keeps = heaps.capacity > 0
        for l in 0..<pool.members.count {
            cuts[l] = keeps ? floors[l] : .max
            cutDots[l] = Self.dotThreshold(cuts[l])
        }
        cutsReady = true
    }

    /// Moves this stripe's heaps into `best` and empties them for the next stripe.
    func moveStripe(into best: BoundedHeaps) {
        for slot in 0..<pool.members.count where heaps.count(slot) > 0 {
            for c in heaps.contents(slot) { best.push(slot, c) }
            heaps.clear(slot)
        }
        cutsReady = false
    }

    /// Pushes to a stripe heap and raises the slot's cut when the heap's worst passes it.
    @inline(__always) private func push(_ slot: Int, _ candidate: PairCandidate) {
        heaps.push(slot, candidate)
        if let worst = heaps.floor(slot), worst > cuts[slot] {
            cuts[slot] = worst
            cutDots[slot] = Self.dotThreshold(worst)
        }
    }

    /// One of a row's game lists: the postings after the row, u's weight, and whether it is one of u's favourites.
    private struct RowList {
        var from: Int
        var end: Int
        var weight: UInt32
        var game: UInt32
        var favourite: Bool
    }

    /// A dense row's columns (from the position after the row) and u's weights for them.
    private let columnStarts = UnsafeMutablePointer<UnsafePointer<UInt16>?>.allocate(capacity: RegionIndex.maxDenseColumns)
    private let columnWeights = UnsafeMutablePointer<UInt32>.allocate(capacity: RegionIndex.maxDenseColumns)

    private var rowLists: [RowList] = []

    /// A row takes the dense drain when its postings times this reach its later positions.
    static let denseDrainRatio = 4

    /// The smallest capped dot d with `d · fitScale ≥ cut` (`UInt32.max` when no dot reaches it): comparing
    /// `min(dot, S²)` with it is the same test as `gameTerm(dot) · fitScale ≥ cut`.
    @inline(__always) static func dotThreshold(_ cut: UInt64) -> UInt32 {
        let fitScale = UInt64(ScoreModel.fitScale)
        let needed = cut / fitScale + (cut % fitScale == 0 ? 0 : 1)
        return needed > ScoreModel.gameScale ? .max : UInt32(needed)
    }

    /// The dense drain of `scoreRow`: the accumulator is read in position order over the later positions; a
    /// touched position is kept when its bound `G·1` reaches its own cut or the row's (the same test as `drain`, and
    /// as `visit`'s first: a column's cut does not move while the row's visits run, as only its own visit pushes to
    /// it), kept positions are visited strongest dot first, and the range is then cleared wholesale.
    private func drainDense(row r: Int, u: Int) {
        let n = pool.members.count
        let acc = accumulator, hits = rowFavouriteHits, touched = self.touched
        var touchedCount = 0
        let kept = r + 1 < n
            ? scorekernels_pool_keep(acc + r + 1, cutDots + r + 1, n - r - 1, cutDots[r], UInt32(ScoreModel.gameScale),
                                     Int32(r + 1), touched, &touchedCount)
            : 0
        counters.candidatesTouched += touchedCount
        visitKept(row: r, u: u, kept: kept)
        if r + 1 < n {
            (acc + r + 1).update(repeating: 0, count: n - r - 1)
            (hits + r + 1).update(repeating: 0, count: n - r - 1)
        }
    }

    /// Visits the touched positions strongest dot first (`DotBucketOrder`), so the row's heap fills with its best
    /// candidates early; no early stop, since a weak pair for the row may still enter the column's heap. A position
    /// whose bound `G·1` is below both its own cut and the row's is dropped before the ordering: `visit` would
    /// reject it (at 1M most touched positions share only a popular game or two and go here).
    private func drain(row r: Int, u: Int, touchedCount: Int) {
        let acc = accumulator, hits = rowFavouriteHits, cuts = self.cuts
        let rowCut = cuts[r]
        let fitScale = UInt64(ScoreModel.fitScale)
        var kept = 0
        for t in 0..<touchedCount {
            let l = Int(touched[t])
            let bound = ScoreModel.gameTerm(acc[l]) * fitScale
            if bound >= rowCut || bound >= cuts[l] {
                touched[kept] = Int32(l)
                kept += 1
            } else {
                acc[l] = 0
                hits[l] = 0
            }
        }
        visitKept(row: r, u: u, kept: kept)
        for t in 0..<kept { acc[Int(touched[t])] = 0; hits[Int(touched[t])] = 0 }
    }

    /// Visits the first `kept` positions of `touched` strongest dot first (`DotBucketOrder`), so the row's heap fills
    /// with its best candidates early (no early stop: a weak pair for the row may still enter the column's heap).
    private func visitKept(row r: Int, u: Int, kept: Int) {
        let acc = accumulator, hits = rowFavouriteHits, members = pool.members
        buckets.sort(touched, count: kept, accumulator: acc)
        let sides = UnsafeBufferPointer(start: pool.sides, count: members.count)
        members.withUnsafeBufferPointer { members in
            p.favouriteGame.withUnsafeBufferPointer { favourites in
                buckets.visitDescending { _, slots in
                    // The partners' side records and favourites asked for ahead, as in `BlockScorer.drain`.
                    BlockScorer.visitPrefetching(slots, sides: sides, favourites: favourites) { l in
                        visit(row: r, u: u, column: l, v: Int(members[l]), dot: acc[l], rowFavouriteHits: Int(hits[l]))
                    }
                    return true
                }
            }
        }
    }

    /// One pair: bound against both sides' cuts, filters, then the fits: after q(u→v) the bound `G·HM(q(u→v), 1)`
    /// (HM grows with each argument) is checked again before q(v→u); the exact score goes to each side it can enter.
    /// `rowFavouriteHits`: u's favourites that v has, when the scan counted them (else they are looked up).
    @inline(__always) private func visit(row r: Int, u: Int, column c: Int, v: Int, dot: UInt32, rowFavouriteHits: Int?) {
        let term = ScoreModel.gameTerm(dot)
        let bound = term * UInt64(ScoreModel.fitScale)
        let rowCut = cuts[r], columnCut = cuts[c]
        let rowOpen = bound >= rowCut
        let columnOpen = bound >= columnCut
        guard rowOpen || columnOpen else { return }
        let excluded = exclusionMarks[c]
        let toRow = rowOpen && excluded & PoolExclusionIndex.rowExcludes == 0
        let toColumn = columnOpen && excluded & PoolExclusionIndex.columnExcludes == 0
        guard toRow || toColumn else { return }
        guard p.passesPartitionAndOverlap(u, v) else { return }
        if toColumn { heaps.prefetch(c) }  // the column's heap is cold; the fits below hide the miss
        counters.candidatesEvaluated += 1
        let su = pool.sides[r], sv = pool.sides[c]
        let distance = PlayerSide.geoAdmits(su, sv).distanceKm
        let fitUV = p.fit(u, v, su, sv, distanceKm: distance, favouriteHits: rowFavouriteHits)
        let bound2 = term * ScoreModel.harmonicMean(fitUV, ScoreModel.fitScale)
        let row2 = toRow && bound2 >= rowCut, column2 = toColumn && bound2 >= columnCut
        guard row2 || column2 else { return }
        let fitVU = p.fit(v, u, sv, su, distanceKm: distance, favouriteHits: p.favouritesMarked(sv, in: rowGames))
        let s = ScoreModel.score(dot: dot, fitUV: fitUV, fitVU: fitVU)
        guard s > 0 else { return }
        if row2 { push(r, PairCandidate(score: s, other: Int32(v), dot: dot)) }
        if column2 { push(c, PairCandidate(score: s, other: Int32(u), dot: dot)) }
    }

    /// u's heaviest games scanned for a floor.
    static let seedGames = 4
    /// Candidates (by partial dot over those games) scored exactly, per slot of capacity.
    static let seedCandidatesPerCapacity = 2

    /// The `capacity`-th best exact score among `alsoCandidates` (real candidates of r's player from elsewhere, e.g.
    /// its geo list, none of them in the pool) and the candidates with the largest partial dots over position r's
    /// `seedGames` heaviest games (filters and exclusions from r's side applied), or 0 with fewer than `capacity`.
    func seedFloor(_ r: Int, alsoCandidates: UnsafeBufferPointer<PairCandidate> = .init(start: nil, count: 0)) -> UInt64 {
        let capacity = heaps.capacity
        guard capacity > 0 else { return 0 }
        let members = pool.members
        let u = Int(members[r])
        let range = p.vectorRange(u)
        var heaviest: [(weight: UInt32, game: UInt32)] = range.map { (UInt32(p.vectorWeight[$0]), p.vectorGame[$0]) }
        heaviest.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.game < $1.game }
        let postings = pool.postings
        let acc = accumulator
        var touchedCount = 0
        var scanned = 0
        for (weight, game) in heaviest.prefix(Self.seedGames) {
            let (first, count) = pool.range(of: Int(game))
            scanned += count
            RegionIndex.scatterAdd(postings, first..<(first + count), weight: weight, into: acc, touched: touched,
                                   touchedCount: &touchedCount)
        }
        counters.postingsScanned += scanned
        counters.poolPostingsScanned += scanned
        // The largest partial dots, ties by lower position: a candidate heap ordered by (dot desc, position asc).
        var strongest = TopKHeap(capacity: Self.seedCandidatesPerCapacity * capacity)
        for t in 0..<touchedCount {
            let l = touched[t]
            let dot = acc[Int(l)]
            acc[Int(l)] = 0
            if Int(l) != r { strongest.push(PairCandidate(score: UInt64(dot), other: l, dot: dot)) }
        }
        // The other candidates first, so the exact checks below can stop at the heap's floor.
        var best = TopKHeap(capacity: capacity)
        for candidate in alsoCandidates { best.push(candidate) }
        let fitScale = UInt64(ScoreModel.fitScale)
        let dense = self.dense, marks = rowGames
        for i in range { dense[Int(p.vectorGame[i])] = UInt32(p.vectorWeight[i]) }
        p.markGames(of: u, in: rowGames)
        let sideRecords = UnsafeBufferPointer(start: pool.sides, count: members.count)
        let su = sideRecords[r]
        let items = strongest.items
        p.vectorRanges.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    // The candidates' vectors and side records are scattered: asked for ahead (`VectorPrefetch`).
                    let player = { (i: Int) in Int(members[Int(items[i].other)]) }
                    for k in 0..<items.count {
                        VectorPrefetch.ahead(of: k, count: items.count, player: player, vs: vs, vg: vg, vw: vw)
                        if k + VectorPrefetch.distance < items.count {
                            PlayerSide.prefetch(sideRecords, Int(items[k + VectorPrefetch.distance].other))
                        }
                        let candidate = items[k]
                        let v = Int(members[Int(candidate.other)])
                        guard !p.isExcluded(u, from: v), p.passesPartitionAndOverlap(u, v) else { continue }
                        // The exact dot from u's dense weights, counting u's favourites that v has on the way.
                        var dot: UInt32 = 0
                        var hits = 0
                        for e in vs[v] {
                            let g = Int(vg[e])
                            dot &+= dense[g] &* UInt32(vw[e])
                            if marks[g] & 2 != 0 { hits += 1 }
                        }
                        let cut = best.isFull ? best.worst?.score ?? 0 : 0
                        let term = ScoreModel.gameTerm(dot)
                        if term * fitScale < cut { continue }
                        counters.candidatesEvaluated += 1
                        let sv = sideRecords[Int(candidate.other)]
                        let distance = PlayerSide.geoAdmits(su, sv).distanceKm
                        let fitUV = p.fit(u, v, su, sv, distanceKm: distance, favouriteHits: hits)
                        if term * ScoreModel.harmonicMean(fitUV, ScoreModel.fitScale) < cut { continue }
                        let s = ScoreModel.score(dot: dot, fitUV: fitUV,
                                                 fitVU: p.fit(v, u, sv, su, distanceKm: distance, favouriteHits: p.favouritesMarked(sv, in: rowGames)))
                        if s > 0 { best.push(PairCandidate(score: s, other: Int32(v), dot: dot)) }
                    }
                }
            }
        }
        p.unmarkGames(of: u, in: rowGames)
        for i in range { dense[Int(p.vectorGame[i])] = 0 }
        return best.isFull ? best.worst?.score ?? 0 : 0
    }

}
