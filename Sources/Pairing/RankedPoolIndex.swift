/// The `anywhere` pool re-indexed for the pruned traversal (`PoolScorer.scoreRankedRow`).
///
/// Pool positions are ranked by (floor ascending, position ascending) and the postings of each game ascend by
/// rank. Row `r` (a rank) pairs only with later ranks, whose floors are at least its own: a pair (r, c), r < c,
/// can enter c's final list only if its score reaches c's floor ≥ r's floor, and r's only if it reaches r's
/// floor, so one threshold per row, r's floor, decides whether the pair matters at all. `suffixMax[j]` is the
/// largest weight at or after posting `j` in its game's list: `x(u,g)·suffixMax[first posting after r]` bounds
/// what game g can add to the dot of r with any later rank (the MaxScore bound of the list's remaining part).
final class RankedPoolIndex {
    let index: RegionIndex
    /// Rank → pool position.
    let position: [Int32]
    let suffixMax: UnsafeMutablePointer<UInt32>
    let postingCount: Int

    init(pool: RegionIndex, floors: UnsafePointer<UInt64>, population p: PreparedPopulation) {
        let n = pool.members.count
        let order = (0..<n).sorted { floors[$0] != floors[$1] ? floors[$0] < floors[$1] : $0 < $1 }
        position = order.map(Int32.init)
        let index = RegionIndex(games: p.appIDs.count)
        let total = index.build(members: order.map { pool.members[$0] }, population: p)
        let suffix = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, total))
        let postings = index.postings
        for g in 0..<p.appIDs.count {
            let (first, count) = index.range(of: g)
            var largest: UInt32 = 0
            for j in stride(from: first + count - 1, through: first, by: -1) {
                largest = max(largest, postings[j].weight)
                suffix[j] = largest
            }
        }
        self.index = index
        postingCount = total
        suffixMax = suffix
    }

    deinit { suffixMax.deallocate() }
}
