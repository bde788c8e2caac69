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
        let capacity = p.config.candidatesPerPlayer
        let n = p.count
        let output = ListBuffer(players: n, capacity: capacity)
        let grid = GeoGrid(cellKm: p.config.gridCellKm)

        // Located players with a vector, grouped by cell.
        var keyed: [(UInt64, Int32)] = []
        for u in 0..<n where p.located[u] && p.hasVector(u) {
            keyed.append((grid.key(latitude: p.latitude[u], longitude: p.longitude[u]), Int32(u)))
        }
        keyed.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var keys: [UInt64] = [], starts: [Int] = []
        for (i, e) in keyed.enumerated() where i == 0 || keyed[i - 1].0 != e.0 {
            keys.append(e.0); starts.append(i)
        }
        starts.append(keyed.count)
        let cellKeys = keys, cellStart = starts
        let cellMembers = keyed.map(\.1)

        // Shared index over all `anywhere` players.
        let poolMembers = (0..<n).filter { p.anywhere[$0] && p.hasVector($0) }.map(Int32.init)
        let pool = RegionIndex(games: p.appIDs.count)
        let poolPostings = pool.build(members: poolMembers, population: p)
        let poolBox = SendableBox(pool)
        let unlocatedPool = poolMembers.filter { !p.located[Int($0)] }

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
        for c in 0..<cellKeys.count {
            var members = Array(cellMembers[cellStart[c]..<cellStart[c + 1]])
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
        // then chunks of unlocated `anywhere` players (pool only).
        enum Work { case group(Int, Range<Int>), unlocated(Range<Int>) }
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
        var i = 0
        while i < unlocatedPool.count {
            let end = min(unlocatedPool.count, i + 256)
            work.append((.unlocated(i..<end), end - i))
            i = end
        }
        // Biggest blocks first, for balance; the order does not affect results.
        let order = work.indices.sorted { work[$0].1 != work[$1].1 ? work[$0].1 > work[$1].1 : $0 < $1 }
        let workItems = order.map { work[$0].0 }
        let allGroups = groups

        let workerCount = max(1, min(threads ?? p.config.threads, max(1, workItems.count)))
        let next = Atomic<Int>(0)
        let totals = Mutex(PairingCounters())
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            let scorer = BlockScorer(population: p, pool: poolBox.value, capacity: capacity, output: output)
            var region: [Int32] = []
            while true {
                let w = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard w < workItems.count else { break }
                switch workItems[w] {
                case .group(let g, let players):
                    let group = allGroups[g]
                    region.removeAll(keepingCapacity: true)
                    if group.radius >= 0 {
                        let c = group.cell
                        let reach = group.radius + group.spread + 1
                        let filter = reach < GeoPoint.earthRadiusKm * .pi * 0.99
                        let minCos = filter ? UnitVector.cosine(ofKm: reach) - 1e-12 : -2
                        let o = Int(group.centre)
                        let ox = p.unitX[o], oy = p.unitY[o], oz = p.unitZ[o]
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
                            for m in cellMembers[cellStart[cell]..<cellStart[cell + 1]] {
                                let v = Int(m)
                                if ox * p.unitX[v] + oy * p.unitY[v] + oz * p.unitZ[v] >= minCos { region.append(m) }
                            }
                        }
                    }
                    scorer.scoreBlock(members: Array(group.members[players]), region: region)
                case .unlocated(let range):
                    scorer.scoreUnlocated(members: Array(unlocatedPool[range]))
                }
            }
            let c = scorer.counters
            totals.withLock { $0.add(c) }
        }
        var counters = totals.withLock { $0 }
        counters.regionPostingsBuilt += poolPostings
        var reasons = [UnpairedReason?](UnsafeBufferPointer(start: output.reasons, count: n))
        for u in 0..<n where !p.hasVector(u) { reasons[u] = .noGames }
        for u in 0..<n where p.hasVector(u) && !p.located[u] && !p.anywhere[u] { reasons[u] = .noLocation }
        return BulkPairingResult(lists: output.lists(), counters: counters, emptyReasons: reasons)
    }

    /// Players sharing one location point who get a block of their own (and so a region around that exact point).
    static let pointBlockMinimum = 32
    /// An index build costs about this many member queries over the same region (postings per player over the
    /// postings a query scans, on the synthetic populations).
    static let buildCost = 16.0

    static func lowerBound(_ a: [UInt64], _ x: UInt64) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
