import Dispatch
import Foundation
import Geo
import Synchronization

/// Exact bulk top-k: geo-blocked inverted index, scatter-add, bounded heap (pairing.md §3).
///
/// Located players are bucketed into `GeoGrid` cells; each non-empty cell is a block. A block's region is every
/// cell within the largest search radius of its players; one `RegionIndex` is built over the region and every
/// player of the block is scored against it by scatter-adding `x(u,g)·x(v,g)` into an accumulator indexed by
/// region position. Pairs of two `anywhere` players (located or not) are scored against one shared index over
/// all `anywhere` players instead. Each touched candidate is then checked: score bound against the heap
/// (`s ≤ G·Q`), the distance rule, exclusions, partition filters; survivors are pushed into a bounded heap
/// ordered by (score desc, steamid asc). Blocks run in parallel; each player is written by exactly one block
/// and its list depends only on its candidate set, so any thread count gives the same bytes.
public enum BulkPairer {
    public static func pair(_ p: PreparedPopulation, threads: Int? = nil) -> BulkPairingResult {
        let scored = score(p, threads: threads, shard: nil)
        return finish(p, output: scored.output, pool: scored.pool, counters: scored.counters) { r in
            scored.poolBest.map { Array($0.contents(r)) }
        }
    }

    /// One shard of a sharded run (`PairingShardPlan`): the geo lists of the players whose home cell the shard owns,
    /// and the `anywhere` pool's pairs of the shard's row blocks, as `BulkPairer.union` merges them. `p` may hold
    /// only the shard's players, its halo and the pool, prepared with the whole population's statistics.
    public static func pairShard(_ p: PreparedPopulation, shard: PairingShard, threads: Int? = nil) -> PairingShardLists {
        let scored = score(p, threads: threads, shard: shard)
        var lists = PairingShardLists(shard: shard.index, shards: shard.count, counters: scored.counters)
        let output = scored.output
        for u in scored.owned.sorted() {
            let id = p.steamIDs[u]
            let count = Int(output.counts[u])
            lists.players.append(.init(steamID: id, reason: count == 0 ? output.reasons[u] : nil))
            for c in UnsafeBufferPointer(start: output.entries + u * output.capacity, count: count) {
                lists.candidates.append(.init(owner: id, part: .geo, candidate: p.steamIDs[Int(c.other)], score: c.score, dot: c.dot))
            }
        }
        if let best = scored.poolBest {
            for (r, m) in scored.pool.members.enumerated() where best.count(r) > 0 {
                let id = p.steamIDs[Int(m)]
                for c in best.contents(r) {
                    lists.candidates.append(.init(owner: id, part: .pool, candidate: p.steamIDs[Int(c.other)], score: c.score, dot: c.dot))
                }
            }
        }
        lists.candidates.sort { $0.ranksBefore($1) }
        return lists
    }

    /// What `score` leaves: every scored player's list in `output` (merged with its pool list when the pool was
    /// queried member by member), the pool's stripe heaps (`nil` then), and the players whose geo lists it wrote.
    private struct Scored {
        var output: ListBuffer
        var pool: RegionIndex
        var poolBest: BoundedHeaps?
        var owned: [Int]
        var counters: PairingCounters
    }

    private static func score(_ p: PreparedPopulation, threads: Int?, shard: PairingShard?) -> Scored {
        let capacity = p.config.candidatesPerPlayer
        let n = p.count
        let output = ListBuffer(players: n, capacity: capacity)
        let sides = p.sides()
        let grid = GeoGrid(cellKm: p.config.gridCellKm)

        let (cellKeys, cellStart, cellMembers) = cells(p, grid: grid)
        // A shard scores its players (its cells, or its slices of cut cells: by rank in the cell, steamid order) against
        // their regions; the other players are its halo (partners only).
        var ownedMembers = [[Int32]](repeating: [], count: cellKeys.count)
        var owned: [Int] = []
        for c in 0..<cellKeys.count {
            let n = cellStart[c + 1] - cellStart[c]
            for (rank, m) in cellMembers[cellStart[c]..<cellStart[c + 1]].enumerated()
            where shard?.owns(cell: cellKeys[c], rank: rank, players: n) ?? true {
                ownedMembers[c].append(m)
                owned.append(Int(m))
            }
        }
        let ownedCells = (0..<cellKeys.count).filter { !ownedMembers[$0].isEmpty }

        // Shared index over all `anywhere` players (postings ascend by pool position, as `PoolScorer` needs).
        let poolMembers = Self.poolMembers(p)
        let pool = RegionIndex(games: p.appIDs.count)
        let poolBox = SendableBox(pool)

        // Blocks: within each cell, the players of a heavy location point (≥ `pointBlockMinimum` players) form
        // their own block and the rest of the cell one block; each block is then split by search radius into
        // groups chosen by a cost model (an index build costs about `buildCost` member queries). A group's region is
        // every player in the cells within the group's largest radius whose point is within radius + spread of the
        // group's centre point (spread: the farthest member point from the centre), so it holds every player any
        // member can be admitted with (triangle inequality), and usually few more.
        struct Group { var cell: Int; var members: [Int32]; var radius: Double; var centre: Int32; var spread: Double }
        var groups: [Group] = []
        func regionEstimate(_ c: Int, _ radius: Double) -> Int {
            guard radius >= 0 else { return 0 }
            var total = 0
            for (row, cols) in grid.neighbourRanges(of: cellKeys[c], radiusKm: radius) {
                let lo = lowerBound(cellKeys, UInt64(row) << 32 | UInt64(cols.lowerBound))
                let hi = lowerBound(cellKeys, UInt64(row) << 32 | (UInt64(cols.upperBound) + 1))
                total += cellStart[hi] - cellStart[lo]
            }
            return total
        }
        for c in ownedCells {
            var members = ownedMembers[c]
            members.sort {
                let a = Int($0), b = Int($1)
                if p.latitude[a] != p.latitude[b] { return p.latitude[a] < p.latitude[b] }
                if p.longitude[a] != p.longitude[b] { return p.longitude[a] < p.longitude[b] }
                return a < b
            }
            var blocks: [[Int32]] = [], rest: [Int32] = []
            var i = 0
            while i < members.count {
                var j = i + 1
                let a = Int(members[i])
                while j < members.count && p.latitude[Int(members[j])] == p.latitude[a]
                        && p.longitude[Int(members[j])] == p.longitude[a] { j += 1 }
                if j - i >= pointBlockMinimum { blocks.append(Array(members[i..<j])) } else { rest.append(contentsOf: members[i..<j]) }
                i = j
            }
            if !rest.isEmpty { blocks.append(rest) }
            for block in blocks {
                let centre = Int(block[0])
                var spread = 0.0
                for m in block { spread = max(spread, p.distance(centre, Int(m))) }
                // Distinct radii ascending, with their players; players who search nowhere (radius < 0) stand alone.
                let byRadius = block.sorted {
                    let a = p.searchRadiusKm(Int($0)), b = p.searchRadiusKm(Int($1))
                    return a != b ? a < b : $0 < $1
                }
                var radii: [Double] = [], runEnd: [Int] = []
                for (k, m) in byRadius.enumerated() {
                    let r = p.searchRadiusKm(Int(m))
                    if radii.last == r { runEnd[runEnd.count - 1] = k + 1 } else { radii.append(r); runEnd.append(k + 1) }
                }
                let estimate = radii.map { regionEstimate(c, $0 < 0 ? -1 : $0 + spread) }
                // best[j]: cheapest split of runs 0..<j; cut[j]: where its last group starts.
                var best = [Double](repeating: .infinity, count: radii.count + 1), cut = [Int](repeating: 0, count: radii.count + 1)
                best[0] = 0
                for j in 1...radii.count {
                    for i in 0..<j {
                        let players = runEnd[j - 1] - (i == 0 ? 0 : runEnd[i - 1])
                        let cost = best[i] + Double(estimate[j - 1]) * (buildCost + Double(players))
                        if cost < best[j] { best[j] = cost; cut[j] = i }
                    }
                }
                var j = radii.count
                var split: [(Int, Int)] = []
                while j > 0 { split.append((cut[j], j)); j = cut[j] }
                for (from, to) in split.reversed() {
                    let lo = from == 0 ? 0 : runEnd[from - 1]
                    groups.append(Group(cell: c, members: Array(byRadius[lo..<runEnd[to - 1]]), radius: radii[to - 1],
                                        centre: Int32(centre), spread: spread))
                }
            }
        }

        // Work items: groups (big ones cut into chunks of players, each rebuilding the group's region index),
        // then the pool's stripes.
        enum Work { case group(Int, Range<Int>), poolStripe(Int), poolMembers(Range<Int>) }
        var work: [(Work, Int)] = []
        let chunk = 1_024
        for (g, group) in groups.enumerated() {
            var from = 0
            while from < group.members.count {
                let to = min(group.members.count, from + chunk)
                work.append((.group(g, from..<to), group.members.count))
                from = to
            }
        }
        // Biggest blocks first, for balance; the order does not affect results. The pool's stripes run after every
        // group (their floors use the groups' lists).
        let order = work.indices.sorted { work[$0].1 != work[$1].1 ? work[$0].1 > work[$1].1 : $0 < $1 }
        // Large pools: every member queries the whole pool with the pruned traversal (`BlockScorer.scorePoolMember`);
        // smaller ones: the once-per-pair scan in stripes (`PoolScorer`).
        let prunedPool = poolMembers.count >= max(2, p.config.prunePoolFromSize)
        let stripes = poolMembers.count >= 2 ? poolStripes : 0
        let geoItems = order.map { work[$0].0 }
        // The pool positions queried member by member (pruned pool): all of them, or a shard's own players; with
        // stripes a shard scores every `shards`-th block of rows instead.
        let queriedRows = shard.map { shard in
            var isOwned = [Bool](repeating: false, count: n)
            for u in owned { isOwned[u] = true }
            return poolMembers.indices.filter { r in
                let u = Int(poolMembers[r])
                return p.located[u] ? isOwned[u] : PairingShard.owner(ofUnlocated: p.steamIDs[u], shards: shard.count) == shard.index
            }
        } ?? Array(poolMembers.indices)
        if prunedPool, shard != nil {
            for r in queriedRows where !p.located[Int(poolMembers[r])] { owned.append(Int(poolMembers[r])) }
        }
        let blockStride = shard?.count ?? 1, blockOffset = shard?.index ?? 0
        let poolItems = prunedPool
            ? stride(from: 0, to: queriedRows.count, by: poolMemberChunk).map {
                Work.poolMembers($0..<min(queriedRows.count, $0 + poolMemberChunk))
            }
            : (0..<stripes).map { Work.poolStripe($0) }
        let poolBest = BoundedHeaps(slots: prunedPool ? 0 : poolMembers.count, capacity: capacity)
        let poolBestBox = SendableBox(poolBest)
        let threadCount = max(1, threads ?? p.config.threads)
        let floors = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, poolMembers.count))
        floors.initialize(repeating: 0, count: max(1, poolMembers.count))
        defer { floors.deallocate() }
        let floorsBox = SendableBox(floors)
        let allGroups = groups
        // Only the stripes read exclusions by pool position (a pruned pool's members query it player by player).
        let poolExclusions = !prunedPool && stripes > 0 ? PoolExclusionIndex(members: poolMembers, population: p)
                                                        : PoolExclusionIndex(positions: poolMembers.count)

        // A partner v that is not `anywhere` must also be within its own search radius of the querying player, so
        // a region keeps v only if d(centre, v) ≤ spread + radius(v): as a cosine, cos(a + b) with a = spread/R and
        // b = radius(v)/R, from per-player cos b and sin b (b = -1: v pairs with nobody located; b = ∞: no bound).
        // Kept in cell order (`CellPoint`, beside `cellMembers`): the gathering below reads a cell's entries in a row
        // instead of six per-player arrays at scattered players.
        let cellPoints = cellMembers.map { m -> CellPoint in
            let u = Int(m)
            var point = CellPoint(x: p.unitX[u], y: p.unitY[u], z: p.unitZ[u], angle: .infinity, cos: -1, sin: 0)
            if !p.anywhere[u] {
                let r = p.searchRadiusKm(u)
                let b = r < 0 ? -1 : r / GeoPoint.earthRadiusKm
                point.angle = b
                if b >= 0 { point.cos = cos(b); point.sin = sin(b) }
            }
            return point
        }

        // The cell members' vector runs, for the region builds: `PreparedPopulation` lays the vectors out in this very
        // order (`cellOrder`), so a cell's runs follow one another from its first member's, and each member needs only
        // its length (4 bytes beside its cell point, not a 16-byte range).
        let cellEntryCount = cellMembers.map { UInt32(p.vectorRanges[Int($0)].count) }
        precondition(cellMembers.indices.allSatisfy {
            $0 == 0 || p.vectorRanges[Int(cellMembers[$0])].lowerBound == p.vectorRanges[Int(cellMembers[$0 - 1])].upperBound
        }, "vectors laid out in cell order")
        let cellEntryStart = (0..<cellKeys.count).map { p.vectorRanges[Int(cellMembers[cellStart[$0]])].lowerBound }

        let totals = Mutex(PairingCounters())
        let poolMerge = Mutex(())
        func perform(_ workItems: [Work]) {
          let workerCount = max(1, min(threadCount, workItems.count))
          let next = Atomic<Int>(0)
          DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            let scorer = BlockScorer(population: p, sides: sides, capacity: capacity, output: output)
            var poolScorer: PoolScorer?
            var region: [Int32] = []
            var regionRanges: [Range<Int>] = []
            // The group whose region `scorer` indexes now: the next chunk of the same group reuses it.
            var indexedGroup = -1
            while true {
                let w = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard w < workItems.count else { break }
                switch workItems[w] {
                case .group(let g, let players):
                    let group = allGroups[g]
                    if g == indexedGroup {
                        scorer.scoreBlock(members: Array(group.members[players]), region: region, regionRanges: regionRanges,
                                          rebuild: false, countBuild: players.lowerBound == 0)
                        continue
                    }
                    indexedGroup = g
                    region.removeAll(keepingCapacity: true)
                    regionRanges.removeAll(keepingCapacity: true)
                    if group.radius >= 0 {
                        let c = group.cell
                        let reach = group.radius + group.spread + 1
                        let filter = reach < GeoPoint.earthRadiusKm * .pi * 0.99
                        let minCos = filter ? UnitVector.cosine(ofKm: reach) - 1e-12 : -2
                        let o = Int(group.centre)
                        let ox = p.unitX[o], oy = p.unitY[o], oz = p.unitZ[o]
                        let a = (group.spread + 1) / GeoPoint.earthRadiusKm
                        let cosA = cos(a), sinA = sin(a)
                        var cells: [Int] = []
                        for (row, cols) in grid.neighbourRanges(of: cellKeys[c], radiusKm: group.radius) {
                            let lo = lowerBound(cellKeys, UInt64(row) << 32 | UInt64(cols.lowerBound))
                            let hi = lowerBound(cellKeys, UInt64(row) << 32 | (UInt64(cols.upperBound) + 1))
                            cells.append(contentsOf: lo..<hi)
                        }
                        cells.sort()
                        var last = -1
                        for cell in cells where cell != last {
                            last = cell
                            var entry = cellEntryStart[cell]
                            for k in cellStart[cell]..<cellStart[cell + 1] {
                                let run = entry..<(entry + Int(cellEntryCount[k]))
                                entry = run.upperBound
                                let v = cellPoints[k]
                                let dot = ox * v.x + oy * v.y + oz * v.z
                                guard dot >= minCos else { continue }
                                let b = v.angle
                                if b < 0 { continue }
                                if b.isFinite && a + b < .pi && dot < cosA * v.cos - sinA * v.sin - 1e-12 { continue }
                                region.append(cellMembers[k])
                                regionRanges.append(run)
                            }
                        }
                    }
                    scorer.scoreBlock(members: Array(group.members[players]), region: region, regionRanges: regionRanges,
                                      countBuild: players.lowerBound == 0)
                case .poolMembers(let rows):
                    let members = poolBox.value.members
                    for q in rows {
                        let u = Int(members[queriedRows[q]])
                        let known = Array(UnsafeBufferPointer(start: output.entries + u * capacity, count: Int(output.counts[u])))
                        scorer.scorePoolMember(u, pool: poolBox.value, known: known)
                    }
                case .poolStripe(let stripe):
                    let ps = poolScorer ?? PoolScorer(population: p, pool: poolBox.value, capacity: capacity, floors: floorsBox.value,
                                                      exclusions: poolExclusions)
                    poolScorer = ps
                    let rows = poolBox.value.members.count
                    // Stripe s takes this shard's row blocks s, s + stripes, … (blocks b ≡ shard index mod shards).
                    var turn = stripe
                    while (turn * blockStride + blockOffset) * poolRowBlock < rows {
                        let block = turn * blockStride + blockOffset
                        for r in (block * poolRowBlock)..<min(rows, (block + 1) * poolRowBlock) { ps.scoreRow(r) }
                        turn += poolStripes
                    }
                    ps.counters.blocks += 1
                    let best = poolBestBox.value
                    poolMerge.withLock { _ in ps.moveStripe(into: best) }
                }
            }
            var c = scorer.counters
            if let ps = poolScorer { c.add(ps.counters) }
            totals.withLock { $0.add(c) }
          }
        }

        // Geo groups first: an `anywhere` player's geo list (its partners who are not `anywhere`) then raises its
        // pool floor. Then each pool position's floor: the `capacity`-th best of that list and the seed candidates of
        // `PoolScorer.seedFloor` (real, distinct partners, so the merged final list cannot hold a pool pair below it).
        // Each position's floor is its own, so any split of positions gives the same floors and counters.
        perform(geoItems)
        // The pool is indexed only now, after the geo groups (which do not read it): in a nightly run the geo phase
        // overlaps the trade stage and its want graph (the 1M run's peak), so the pool's postings, columns (for its
        // common games, where rows can take the dense drain) and side copy are not held through it.
        let poolPostings = pool.build(members: poolMembers, population: p, denseColumnsFrom: p.config.denseDrainPoolFromSize,
                                      sides: sides)
        let seedTotals = Mutex(PairingCounters())
        let seedChunks = prunedPool ? 0 : (poolMembers.count + 1_023) / 1_024
        let nextSeed = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(threadCount, max(1, seedChunks))) { _ in
            let ps = PoolScorer(population: p, pool: poolBox.value, capacity: capacity, floors: floorsBox.value,
                                exclusions: PoolExclusionIndex(positions: poolMembers.count))
            while true {
                let chunk = nextSeed.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < seedChunks else { break }
                for r in (chunk * 1_024)..<min(poolMembers.count, (chunk + 1) * 1_024) {
                    let u = Int(poolMembers[r])
                    let geo = UnsafeBufferPointer(start: output.entries + u * capacity, count: Int(output.counts[u]))
                    floorsBox.value[r] = ps.seedFloor(r, alsoCandidates: geo)
                }
            }
            let c = ps.counters
            seedTotals.withLock { $0.add(c) }
        }
        perform(poolItems)
        var counters = totals.withLock { $0 }
        counters.add(seedTotals.withLock { $0 })
        counters.regionPostingsBuilt += poolPostings
        return Scored(output: output, pool: pool, poolBest: prunedPool ? nil : poolBest, owned: owned, counters: counters)
    }

    /// Merges the pool members' lists and completes the reasons of empty lists: `output` holds every player's geo
    /// list (for a pool member queried member by member, already merged with its pool list) and the reasons the
    /// geo scorer gave; `poolFound(r)` the pool candidates found for pool position `r` (nil: none to merge).
    /// Candidates met twice (the same partner from two parts) count once.
    static func finish(_ p: PreparedPopulation, output: ListBuffer, pool: RegionIndex, counters: PairingCounters,
                       poolFound: (Int) -> [PairCandidate]?) -> BulkPairingResult {
        let n = p.count
        let capacity = output.capacity
        let poolMembers = pool.members

        // Pool players: their geo list (partners who are not `anywhere`) merged with their pool list (the pruned
        // pool's queries wrote the merged lists already). An empty result is all excluded if either part met a
        // candidate sharing a game, else no shared games if anyone was in range in either part, else no one in range
        // (the rule `BlockScorer` applies to a single list).
        for (r, m) in poolMembers.enumerated() {
            let u = Int(m)
            var merged = Array(UnsafeBufferPointer(start: output.entries + u * capacity, count: Int(output.counts[u])))
            if let found = poolFound(r) {
                merged.append(contentsOf: found)
                merged.sort { $0.ranksBefore($1) }
                var kept = 0
                for c in merged where kept == 0 || merged[kept - 1].other != c.other {
                    merged[kept] = c
                    kept += 1
                }
                merged.removeLast(merged.count - min(kept, capacity))
                output.write(u, merged)
            }
            guard merged.isEmpty else { output.reasons[u] = nil; continue }
            let sharesGame = p.vectorRange(u).contains { pool.range(of: Int(p.vectorGame[$0])).1 > 1 }
            let fromGeo = output.reasons[u]
            let sawCandidate = sharesGame || fromGeo == .allExcluded
            let anyoneInRange = poolMembers.count > 1 || fromGeo == .noSharedGames
            output.reasons[u] = sawCandidate ? .allExcluded : anyoneInRange ? .noSharedGames : .noOneInRange
        }
        var reasons = [UnpairedReason?](UnsafeBufferPointer(start: output.reasons, count: n))
        for u in 0..<n where !p.hasVector(u) { reasons[u] = .noGames }
        for u in 0..<n where p.hasVector(u) && !p.located[u] && !p.anywhere[u] { reasons[u] = .noLocation }
        return BulkPairingResult(lists: output.lists(), counters: counters, emptyReasons: reasons)
    }

    /// Stripes the pool's rows are dealt to (a fixed number, so counters do not depend on threads), in blocks of
    /// `poolRowBlock` consecutive rows, round robin (later rows have fewer partners, so stripes stay even).
    static let poolStripes = 8
    static let poolRowBlock = 64
    /// Pool members per work item of the pruned pool.
    static let poolMemberChunk = 256

    /// Players sharing one location point who get a block of their own (and so a region around that exact point).
    static let pointBlockMinimum = 32
    /// An index build costs about this many member queries over the same region (postings per player over the
    /// postings a query scans, on the synthetic populations).
    static let buildCost = 16.0

    /// The `anywhere` players with a vector, in dense order: the pool every shard holds whole.
    static func poolMembers(_ p: PreparedPopulation) -> [Int32] {
        (0..<p.count).filter { p.anywhere[$0] && p.hasVector($0) }.map(Int32.init)
    }

    /// A cell member's unit vector and its own search radius as an angle b (with cos b and sin b): b = -1 pairs with
    /// nobody located, b = ∞ (`anywhere`) has no bound.
    struct CellPoint {
        var x, y, z: Double
        var angle: Double
        var cos: Double
        var sin: Double
    }

    /// Located players with a vector grouped by grid cell: the occupied cells' keys ascending, where each cell's run
    /// starts in `members` (one more entry: the end), and the players (dense order within a cell).
    static func cells(_ p: PreparedPopulation, grid: GeoGrid) -> (keys: [UInt64], start: [Int], members: [Int32]) {
        let keyed = PreparedPopulation.locatedByCell(located: p.located, latitude: p.latitude, longitude: p.longitude,
                                                     hasVector: p.hasVector, grid: grid)
        var keys: [UInt64] = [], start: [Int] = []
        for (i, e) in keyed.enumerated() where i == 0 || keyed[i - 1].key != e.key {
            keys.append(e.key); start.append(i)
        }
        start.append(keyed.count)
        return (keys, start, keyed.map(\.player))
    }

    static func lowerBound(_ a: [UInt64], _ x: UInt64) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
