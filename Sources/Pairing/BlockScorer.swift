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
    /// `accumulatorCapacity`, since each position is touched at most once per query.
    var touchedBase: UnsafeMutablePointer<Int32>
    var touchedCount = 0
    var touched: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: touchedBase, count: touchedCount) }
    /// u's weights by dense game index (zero elsewhere), for exact dots in the pruned traversal.
    let dense: UnsafeMutablePointer<UInt32>
    var order: [(weight: UInt32, game: UInt32)] = []
    var suffixSquares: [UInt64] = []
    /// Per region position: how many of the current player's favourites it has (counted during the scatter).
    var favouriteHits: UnsafeMutablePointer<UInt8>
    /// Per game: 1 while it is one of the current player's favourites.
    let favouriteMark: UnsafeMutablePointer<UInt8>
    /// The drain's ordering of touched candidates.
    let buckets = DotBucketOrder(capacity: 1024)
    /// Per region position: already evaluated exactly for the current player.
    var evaluatedFlags: UnsafeMutablePointer<UInt8>
    var counters = PairingCounters()
    /// Whether the current player met a geo-admitted candidate sharing a game.
    var sawAdmitted = false

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
        touchedBase = .allocate(capacity: accumulatorCapacity)

        favouriteHits = .allocate(capacity: accumulatorCapacity)
        favouriteHits.initialize(repeating: 0, count: accumulatorCapacity)
        favouriteMark = .allocate(capacity: max(1, population.appIDs.count))
        favouriteMark.initialize(repeating: 0, count: max(1, population.appIDs.count))
        dense = .allocate(capacity: max(1, population.appIDs.count))
        dense.initialize(repeating: 0, count: max(1, population.appIDs.count))
    }

    deinit {
        accumulator.deallocate()
        evaluatedFlags.deallocate()
        touchedBase.deallocate()

        dense.deallocate()
        favouriteHits.deallocate()
        favouriteMark.deallocate()
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
        touchedBase = .allocate(capacity: accumulatorCapacity)
        accumulator = .allocate(capacity: accumulatorCapacity)
        accumulator.initialize(repeating: 0, count: accumulatorCapacity)
        evaluatedFlags = .allocate(capacity: accumulatorCapacity)
        evaluatedFlags.initialize(repeating: 0, count: accumulatorCapacity)
    }

    func scoreBlock(members: [Int32], region regionMembers: [Int32]) {
        counters.blocks += 1
        if !regionMembers.isEmpty {
            counters.regionPostingsBuilt += region.build(members: regionMembers, population: p)
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
                if regionMembers.count >= p.config.pruneFromRegionSize {
                    pruned(u, index: region)
                } else {
                    scatter(u, index: region)
                    drainGeo(u)
                }
            }
            output.write(u, heap.sorted())
            if heap.items.isEmpty {
                output.reasons[u] = sawAdmitted ? .allExcluded : anyoneInRange(u, region: searchesRegion ? regionMembers : [])
                    ? .noSharedGames : .noOneInRange
            }
        }
    }

    /// Exact pruned traversal (MaxScore-style). u's games are taken heaviest first and scatter-added as usual.
    /// When the touched set has grown past 2·capacity, 4·capacity, … a checkpoint evaluates every touched
    /// candidate whose bound `acc + ‖x_u[i:]‖·max‖x_v‖` can still reach the heap, with its exact dot from a dense
    /// lookup of u's weights. Before each game, if the heap is full and a candidate sharing only the remaining
    /// games could not reach the k-th score, admission stops: unseen candidates score strictly below the heap's
    /// worst. Remaining touched candidates are then bounded the same way and evaluated exactly if they can enter.
    private func pruned(_ u: Int, index: RegionIndex) {
        let range = p.vectorRange(u)
        order.removeAll(keepingCapacity: true)
        for i in range {
            dense[Int(p.vectorGame[i])] = p.vectorWeight[i]
            order.append((p.vectorWeight[i], p.vectorGame[i]))
        }
        order.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.game < $1.game }
        suffixSquares.removeAll(keepingCapacity: true)
        suffixSquares.append(contentsOf: repeatElement(0, count: order.count + 1))
        for pos in stride(from: order.count - 1, through: 0, by: -1) {
            suffixSquares[pos] = suffixSquares[pos + 1] + UInt64(order[pos].weight) * UInt64(order[pos].weight)
        }
        let normBound = p.vectorNormBound
        func remainingDotBound(_ pos: Int) -> UInt64 {
            guard pos < order.count else { return 0 }
            return (UInt64(Double(suffixSquares[pos]).squareRoot().rounded(.up)) + 1) * normBound
        }
        let acc = accumulator
        let done = evaluatedFlags
        let postings = index.postings
        let members = index.members
        let fitScale = UInt64(ScoreModel.fitScale)
        let su = sides[u]
        let searchCos = UnitVector.cosine(ofKm: p.searchRadiusKm(u)) - 1e-12
        var scanned = 0
        var stop = order.count
        var nextCheckpoint = 2 * heap.capacity

        p.vectorStart.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    func exactDot(_ v: Int) -> UInt32 {
                        var dot: UInt32 = 0
                        for e in vs[v]..<vs[v + 1] { dot &+= dense[Int(vg[e])] &* vw[e] }
                        return dot
                    }
                    /// Evaluates touched candidates that can still enter, given the dot bound of unscanned games.
                    func sweep(remaining: UInt64, exactWhenZero: Bool) {
                        for l32 in touched {
                            let l = Int(l32)
                            if done[l] != 0 { continue }
                            let bound = min(ScoreModel.gameScale, UInt64(acc[l]) + remaining)
                            if !heap.admits(upperBound: bound * fitScale) { continue }
                            done[l] = 1
                            let v = Int(members[l])
                            let dot = remaining == 0 && exactWhenZero ? acc[l] : exactDot(v)
                            consider(u, su, searchCos: searchCos, v, dot: dot, favouriteHits: nil)
                        }
                    }
                    for pos in 0..<order.count {
                        if heap.isFull, let worst = heap.worst {
                            if min(ScoreModel.gameScale, remainingDotBound(pos)) * fitScale < worst.score {
                                stop = pos
                                break
                            }
                        }
                        let (first, count) = index.range(of: Int(order[pos].game))
                        scanned += count
                        var tc = touchedCount
                        RegionIndex.scatterAdd(postings, first..<(first + count), weight: order[pos].weight, into: acc,
                                               touched: touchedBase, touchedCount: &tc)
                        touchedCount = tc
                        if touchedCount >= nextCheckpoint && pos + 1 < order.count {
                            sweep(remaining: remainingDotBound(pos + 1), exactWhenZero: false)
                            nextCheckpoint *= 2
                        }
                    }
                    sweep(remaining: remainingDotBound(stop), exactWhenZero: stop == order.count)
                }
            }
        }
        counters.postingsScanned += scanned
        counters.candidatesTouched += touchedCount
        for l in touched { acc[Int(l)] = 0; done[Int(l)] = 0 }
        touchedCount = 0
        for i in range { dense[Int(p.vectorGame[i])] = 0 }
    }

    /// The per-candidate checks of both traversals: self, pool split (pairs of two `anywhere` players are the pool's),
    /// heap bound, u's search radius (`searchCos`), the distance rule, filters, then the score.
    @inline(__always) private func consider(_ u: Int, _ su: PlayerSide, searchCos: Double, _ v: Int, dot: UInt32,
                                            favouriteHits: Int?) {
        if v == u || (su.anywhere && p.anywhere[v]) { return }
        if !heap.admits(upperBound: ScoreModel.gameTerm(dot) * UInt64(ScoreModel.fitScale)) { return }
        let sv = sides[v]  // read only for candidates that pass the bound
        if su.unitX * sv.unitX + su.unitY * sv.unitY + su.unitZ * sv.unitZ < searchCos { return }
        let (admitted, distance) = PlayerSide.geoAdmits(su, sv)
        guard admitted else { return }
        sawAdmitted = true
        counters.candidatesEvaluated += 1
        if let c = p.evaluate(u, v, su, sv, dot: dot, distanceKm: distance, floor: heap.isFull ? heap.worst?.score : nil,
                              favouriteHits: favouriteHits) { heap.push(c) }
    }

    /// Only for players left with nothing: is any player with a vector admitted by geography (pool pairs aside)?
    private func anyoneInRange(_ u: Int, region: [Int32]) -> Bool {
        for m in region where Int(m) != u && !(p.anywhere[u] && p.anywhere[Int(m)]) {
            if PlayerSide.geoAdmits(sides[u], sides[Int(m)]).admitted { return true }
        }
        return false
    }

    /// acc[local] += x(u,g)·x(v,g) over u's games; records first touches; counts u's favourites per position.
    private func scatter(_ u: Int, index: RegionIndex) {
        let acc = accumulator
        let postings = index.postings
        let tp = touchedBase
        var tc = touchedCount
        var scanned = 0
        let mark = favouriteMark, hits = favouriteHits
        let favourites = p.favouriteStart[u]..<p.favouriteStart[u + 1]
        for i in favourites { mark[Int(p.favouriteGame[i])] = 1 }
        p.vectorStart.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    for i in vs[u]..<vs[u + 1] {
                        let (first, count) = index.range(of: Int(vg[i]))
                        if count == 0 { continue }
                        scanned += count
                        RegionIndex.scatterAdd(postings, first..<(first + count), weight: vw[i], into: acc, touched: tp,
                                               touchedCount: &tc)
                        if mark[Int(vg[i])] != 0 {
                            for j in first..<(first + count) {
                                let l = Int(postings[j].local)
                                if hits[l] < UInt8.max { hits[l] &+= 1 }
                            }
                        }
                    }
                }
            }
        }
        for i in favourites { mark[Int(p.favouriteGame[i])] = 0 }
        touchedCount = tc
        counters.postingsScanned += scanned
        counters.candidatesTouched += tc
    }

    /// Drains the accumulator strongest dot first (`DotBucketOrder`), stopping at the first bucket whose largest
    /// possible bound `G·1` cannot beat a full heap's worst: every later candidate is weaker. Few candidates reach
    /// the fits. Every touched slot of the accumulator is cleared. `visit` evaluates one candidate.
    private func drain(_ index: RegionIndex, _ visit: (UInt32, Int, Int) -> Void) {
        let acc = accumulator
        let members = index.members
        buckets.sortTop(touchedBase, count: touchedCount, accumulator: acc, minimum: Self.drainFirstPerSlot * heap.capacity)
        let fitScale = UInt64(ScoreModel.fitScale)
        buckets.visitDescending { ceiling, slots in
            if heap.isFull, let worst = heap.worst, ScoreModel.gameTerm(ceiling) * fitScale < worst.score { return false }
            for l in slots { visit(acc[Int(l)], Int(members[Int(l)]), Int(l)) }
            return true
        }
        let hits = favouriteHits
        for l in touched { acc[Int(l)] = 0; hits[Int(l)] = 0 }
        touchedCount = 0
    }

    /// The drain orders up front the strongest buckets holding this many candidates per heap slot (the rest only
    /// if the heap is still open after them; `DotBucketOrder.sortTop`).
    static let drainFirstPerSlot = 8

    private func drainGeo(_ u: Int) {
        let su = sides[u]
        let searchCos = UnitVector.cosine(ofKm: p.searchRadiusKm(u)) - 1e-12
        let hits = favouriteHits
        drain(region) { dot, v, local in
            consider(u, su, searchCos: searchCos, v, dot: dot, favouriteHits: Int(hits[local]))
        }
    }
}
