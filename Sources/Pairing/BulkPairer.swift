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

        // Work items: geo blocks, then chunks of unlocated `anywhere` players (pool only).
        // Big cells are split into chunks of players (each chunk builds the cell's region index again).
        enum Work { case cell(Int, Range<Int>), unlocated(Range<Int>) }
        var work: [(Work, Int)] = []
        let chunk = 1_024
        for c in 0..<cellKeys.count {
            var from = cellStart[c]
            while from < cellStart[c + 1] {
                let to = min(cellStart[c + 1], from + chunk)
                work.append((.cell(c, from..<to), cellStart[c + 1] - cellStart[c]))
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

        let workerCount = max(1, min(threads ?? p.config.threads, max(1, workItems.count)))
        let next = Atomic<Int>(0)
        let totals = Mutex(PairingCounters())
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            let scorer = BlockScorer(population: p, pool: poolBox.value, capacity: capacity, output: output)
            while true {
                let w = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard w < workItems.count else { break }
                switch workItems[w] {
                case .cell(let c, let players):
                    let members = Array(cellMembers[players])
                    var radius = -1.0
                    for m in cellMembers[cellStart[c]..<cellStart[c + 1]] { radius = max(radius, p.searchRadiusKm(Int(m))) }
                    var region: [Int32] = []
                    if radius >= 0 {
                        var cells: [Int] = []
                        for (row, cols) in grid.neighbourRanges(of: cellKeys[c], radiusKm: radius) {
                            let lo = lowerBound(cellKeys, UInt64(row) << 32 | UInt64(cols.lowerBound))
                            let hi = lowerBound(cellKeys, UInt64(row) << 32 | (UInt64(cols.upperBound) + 1))
                            cells.append(contentsOf: lo..<hi)
                        }
                        for cell in Set(cells).sorted() {
                            region.append(contentsOf: cellMembers[cellStart[cell]..<cellStart[cell + 1]])
                        }
                    }
                    scorer.scoreBlock(members: members, region: region)
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

    static func lowerBound(_ a: [UInt64], _ x: UInt64) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
