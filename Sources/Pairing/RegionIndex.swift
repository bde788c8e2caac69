/// An inverted index over a set of players ("region"): for each game, the (local id, weight) postings of
/// the region's players who have it. Built by counting sort into reusable buffers.
final class RegionIndex {
    struct Posting { var local: UInt32; var weight: UInt32 }

    private(set) var members: [Int32] = []
    /// Postings of the current build.
    private(set) var postingCount = 0
    private let count: UnsafeMutablePointer<Int32>
    private let start: UnsafeMutablePointer<Int32>
    private let fill: UnsafeMutablePointer<Int32>
    /// Games with postings in the current build (`touchedCount` of them), to reset `count` cheaply.
    private let touched: UnsafeMutablePointer<UInt32>
    private var touchedCount = 0
    private(set) var postings: UnsafeMutablePointer<Posting>
    private var postingsCapacity: Int
    /// Per game with postings in the current build: the largest posting weight (the MaxScore bound of its list).
    let maxWeight: UnsafeMutablePointer<UInt32>
    let games: Int
    /// Per game: its dense column's number in `columns`, or -1 (reset through `touched`).
    private let columnOf: UnsafeMutablePointer<Int32>
    /// The dense columns of the current build (`columnCount` of them, `members.count` weights each, 0 for a member
    /// without the game), for the games at least 1/`denseColumnDivisor` of a large region has (`build`'s
    /// `denseColumnsFrom`), so a query that touches most of the region adds them with a vector kernel instead of a
    /// scatter.
    private(set) var columns: UnsafeMutablePointer<UInt16>
    private var columnsCapacity: Int
    private(set) var columnCount = 0
    /// The members' side records by position, when the build was given `sides` (else stale): a drain's visits then
    /// read this compact copy instead of records scattered over the whole population's.
    private(set) var sides: UnsafeMutablePointer<PlayerSide>
    private var sidesCapacity: Int

    init(games: Int) {
        self.games = games
        count = .allocate(capacity: max(1, games)); count.initialize(repeating: 0, count: max(1, games))
        start = .allocate(capacity: max(1, games)); start.initialize(repeating: 0, count: max(1, games))
        fill = .allocate(capacity: max(1, games)); fill.initialize(repeating: 0, count: max(1, games))
        touched = .allocate(capacity: max(1, games))
        maxWeight = .allocate(capacity: max(1, games)); maxWeight.initialize(repeating: 0, count: max(1, games))
        columnOf = .allocate(capacity: max(1, games)); columnOf.initialize(repeating: -1, count: max(1, games))
        postingsCapacity = 1024
        postings = .allocate(capacity: postingsCapacity)
        columnsCapacity = 0
        columns = .allocate(capacity: 1)
        sidesCapacity = 0
        sides = .allocate(capacity: 1)
    }

    deinit {
        count.deallocate(); start.deallocate(); fill.deallocate(); touched.deallocate(); postings.deallocate()
        maxWeight.deallocate(); columnOf.deallocate(); columns.deallocate(); sides.deallocate()
    }

    /// A game gets a dense column when at least 1/`denseColumnDivisor` of the region has it: adding a column costs
    /// about a twelfth of a scatter-add per member, so it pays from about that density (README, *Dense columns*).
    static let denseColumnDivisor = 10
    /// At most this many dense columns per build (bounds their memory at `members.count` × 2 bytes each).
    static let maxDenseColumns = 96

    /// Game g's dense column (`members.count` weights by position), or nil.
    @inline(__always) func column(of g: Int) -> UnsafePointer<UInt16>? {
        let c = Int(columnOf[g])
        return c < 0 ? nil : UnsafePointer(columns + c &* members.count)
    }

    /// Replaces the indexed set with `members`; returns the number of postings. `ranges`: the members' vector runs
    /// (`PreparedPopulation.vectorRanges`), when the caller has them in a row (read here instead of one scattered
    /// load per member). A region of at least `denseColumnsFrom` members also gets the dense columns of its common
    /// games (`column(of:)`); with `sides` (every player's record), the members' records are copied by position
    /// (`self.sides`).
    /// The loops work on local copies of the buffers: class properties read inside a loop would each pay a
    /// dynamic exclusivity check.
    @discardableResult
    func build(members: [Int32], ranges given: [Range<Int>]? = nil, population p: PreparedPopulation,
               denseColumnsFrom: Int = .max, sides allSides: [PlayerSide]? = nil) -> Int {
        let ranges = given ?? members.map { p.vectorRanges[Int($0)] }
        precondition(ranges.count == members.count, "one vector run per member")
        if let allSides { copySides(of: members, from: allSides) }
        let count = self.count, start = self.start, fill = self.fill, touched = self.touched, maxWeight = self.maxWeight
        let columnOf = self.columnOf
        for i in 0..<touchedCount { count[Int(touched[i])] = 0; columnOf[Int(touched[i])] = -1 }
        columnCount = 0
        var touchedGames = 0
        self.members = members
        var total = 0
        let ahead = VectorPrefetch.distance
        ranges.withUnsafeBufferPointer { rs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    for k in 0..<rs.count {
                        // Runs of members from different cells lie apart: asked for ahead.
                        if k &+ ahead < rs.count { VectorPrefetch.entries(rs[k &+ ahead], vg: vg, vw: vw) }
                        let run = rs[k]
                        for i in run {
                            let g = Int(vg[i])
                            let c = count[g]
                            if c == 0 {
                                touched[touchedGames] = UInt32(g); touchedGames &+= 1
                                maxWeight[g] = UInt32(vw[i])
                            } else if UInt32(vw[i]) > maxWeight[g] {
                                maxWeight[g] = UInt32(vw[i])
                            }
                            count[g] = c &+ 1
                        }
                        total &+= run.count
                    }
                }
            }
        }
        touchedCount = touchedGames
        postingCount = total
        if total > postingsCapacity {
            postings.deallocate()
            postingsCapacity = max(total, postingsCapacity * 2)
            postings = .allocate(capacity: postingsCapacity)
        }
        var running: Int32 = 0
        for i in 0..<touchedGames {
            let g = Int(touched[i])
            start[g] = running
            fill[g] = running
            running &+= count[g]
        }
        if members.count >= denseColumnsFrom { chooseColumns(touchedGames: touchedGames) }
        let postings = self.postings, columns = self.columns, n = members.count
        ranges.withUnsafeBufferPointer { rs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    for local in 0..<rs.count {
                        if local &+ ahead < rs.count { VectorPrefetch.entries(rs[local &+ ahead], vg: vg, vw: vw) }
                        for i in rs[local] {
                            let g = Int(vg[i])
                            let slot = Int(fill[g])
                            postings[slot] = Posting(local: UInt32(local), weight: UInt32(vw[i]))
                            fill[g] = Int32(slot &+ 1)
                            let c = Int(columnOf[g])
                            if c >= 0 { columns[c &* n &+ local] = vw[i] }
                        }
                    }
                }
            }
        }
        return total
    }

    private func copySides(of members: [Int32], from allSides: [PlayerSide]) {
        if members.count > sidesCapacity {
            sides.deallocate()
            sidesCapacity = max(members.count, 2 * sidesCapacity)
            sides = .allocate(capacity: sidesCapacity)
            sides.initialize(repeating: PlayerSide(), count: sidesCapacity)
        }
        let local = sides
        allSides.withUnsafeBufferPointer { all in
            members.withUnsafeBufferPointer { ms in
                let ahead = 8
                for k in 0..<ms.count {
                    if k + ahead < ms.count { PlayerSide.prefetch(all, Int(ms[k + ahead])) }
                    local[k] = all[Int(ms[k])]
                }
            }
        }
    }

    /// Numbers the games that get dense columns (the most common first, ties by game, at most `maxDenseColumns`) and
    /// zeroes their storage.
    private func chooseColumns(touchedGames: Int) {
        let n = members.count
        var chosen: [(count: Int32, game: UInt32)] = []
        for i in 0..<touchedGames {
            let g = Int(touched[i])
            if Int(count[g]) &* Self.denseColumnDivisor >= n {
                chosen.append((count[g], touched[i]))
            }
        }
        guard !chosen.isEmpty else { return }
        chosen.sort { $0.count != $1.count ? $0.count > $1.count : $0.game < $1.game }
        if chosen.count > Self.maxDenseColumns { chosen.removeLast(chosen.count - Self.maxDenseColumns) }
        let needed = chosen.count * n
        if needed > columnsCapacity {
            columns.deallocate()
            columnsCapacity = max(needed, columnsCapacity * 2)
            columns = .allocate(capacity: columnsCapacity)
        }
        columns.update(repeating: 0, count: needed)
        for (c, entry) in chosen.enumerated() { columnOf[Int(entry.game)] = Int32(c) }
        columnCount = chosen.count
    }

    /// Postings of game `g`: (first, count); count 0 when no member has it.
    @inline(__always) func range(of g: Int) -> (Int, Int) {
        let c = Int(count[g])
        return c == 0 ? (0, 0) : (Int(start[g]), c)
    }

    /// The first of `count` postings from `first` whose position is after `position` (postings of one game ascend
    /// by position); `first + count` when there is none.
    @inline(__always) static func firstPosting(after position: Int, in postings: UnsafeMutablePointer<Posting>,
                                               first: Int, count: Int) -> Int {
        var lo = first, hi = first + count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if Int(postings[mid].local) <= position { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The scatter-add step: `acc[local] += weight · posting.weight` over `postings[range]`, appending each position
    /// touched for the first time (accumulator still 0) to `touched`.
    ///
    /// Branch-free: every position is written to `touched[touchedCount]` and the count advances only on a first
    /// touch, so `touched` needs room for one entry more than the positions it can hold. Whether a slot is still 0
    /// is unpredictable in the first lists of a query, and the mispredicted branch cost about half the scatter's
    /// time. A touched slot never returns to 0: weights are ≥ 1 and a dot stays below 2³² (`ScoreModel`).
    @inline(__always) static func scatterAdd(_ postings: UnsafeMutablePointer<Posting>, _ range: Range<Int>, weight: UInt32,
                                             into acc: UnsafeMutablePointer<UInt32>, touched: UnsafeMutablePointer<Int32>,
                                             touchedCount: inout Int) {
        var tc = touchedCount
        for j in range {
            let posting = postings[j]
            let l = Int(posting.local)
            let old = acc[l]
            touched[tc] = Int32(truncatingIfNeeded: l)
            tc &+= old == 0 ? 1 : 0
            acc[l] = old &+ weight &* posting.weight
        }
        touchedCount = tc
    }

    /// The scatter-add without touch records, for callers that scan the accumulator afterwards.
    @inline(__always) static func scatterAdd(_ postings: UnsafeMutablePointer<Posting>, _ range: Range<Int>, weight: UInt32,
                                             into acc: UnsafeMutablePointer<UInt32>) {
        for j in range {
            let posting = postings[j]
            let l = Int(posting.local)
            acc[l] = acc[l] &+ weight &* posting.weight
        }
    }
}
