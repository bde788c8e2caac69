/// An inverted index over a set of players ("region"): for each game, the (local id, weight) postings of
/// the region's players who have it. Built by counting sort into reusable buffers.
final class RegionIndex {
    struct Posting { var local: UInt32; var weight: UInt32 }

    private(set) var members: [Int32] = []
    private var count: UnsafeMutablePointer<Int32>
    private var start: UnsafeMutablePointer<Int32>
    private var fill: UnsafeMutablePointer<Int32>
    private var touchedGames: [UInt32] = []
    private(set) var postings: UnsafeMutablePointer<Posting>
    private var postingsCapacity: Int
    let games: Int

    init(games: Int) {
        self.games = games
        count = .allocate(capacity: max(1, games)); count.initialize(repeating: 0, count: max(1, games))
        start = .allocate(capacity: max(1, games)); start.initialize(repeating: 0, count: max(1, games))
        fill = .allocate(capacity: max(1, games)); fill.initialize(repeating: 0, count: max(1, games))
        postingsCapacity = 1024
        postings = .allocate(capacity: postingsCapacity)
    }

    deinit {
        count.deallocate(); start.deallocate(); fill.deallocate(); postings.deallocate()
    }

    /// Replaces the indexed set with `members`; returns the number of postings.
    @discardableResult
    func build(members: [Int32], population p: PreparedPopulation) -> Int {
        for g in touchedGames { count[Int(g)] = 0 }
        touchedGames.removeAll(keepingCapacity: true)
        self.members = members
        var total = 0
        p.vectorStart.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                for m in members {
                    let u = Int(m)
                    for i in vs[u]..<vs[u + 1] {
                        let g = Int(vg[i])
                        if count[g] == 0 { touchedGames.append(UInt32(g)) }
                        count[g] += 1
                    }
                    total += vs[u + 1] - vs[u]
                }
            }
        }
        if total > postingsCapacity {
            postings.deallocate()
            postingsCapacity = max(total, postingsCapacity * 2)
            postings = .allocate(capacity: postingsCapacity)
        }
        var running: Int32 = 0
        for g in touchedGames {
            start[Int(g)] = running
            fill[Int(g)] = running
            running += count[Int(g)]
        }
        p.vectorStart.withUnsafeBufferPointer { vs in
            p.vectorGame.withUnsafeBufferPointer { vg in
                p.vectorWeight.withUnsafeBufferPointer { vw in
                    for (local, m) in members.enumerated() {
                        let u = Int(m)
                        for i in vs[u]..<vs[u + 1] {
                            let g = Int(vg[i])
                            postings[Int(fill[g])] = Posting(local: UInt32(local), weight: vw[i])
                            fill[g] += 1
                        }
                    }
                }
            }
        }
        return total
    }

    /// Postings of game `g`: (first, count); count 0 when no member has it.
    @inline(__always) func range(of g: Int) -> (Int, Int) {
        let c = Int(count[g])
        return c == 0 ? (0, 0) : (Int(start[g]), c)
    }
}
