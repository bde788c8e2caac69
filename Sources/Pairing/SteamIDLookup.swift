import PlayerModel

/// The position of a steamid in an ascending array of them, in about one probe instead of a binary search's twenty:
/// the ids' span is cut into as many equal buckets as there are ids (a power of two), and a bucket's ids are searched
/// alone. Steam account numbers spread evenly enough that a bucket holds a few ids; a crowded one costs a binary search
/// of its own ids. The shard union looks up two ids per candidate row (tens of millions at 1M players).
struct SteamIDLookup {
    private let ids: [SteamID64]
    private let low: UInt64
    private let shift: UInt64
    /// `starts[b]..<starts[b + 1]`: the positions of the ids in bucket b.
    private let starts: [Int32]

    /// `ids` ascending (as `PreparedPopulation.steamIDs`), fewer than 2³¹.
    init(sorted ids: [SteamID64]) {
        self.ids = ids
        guard let first = ids.first, let last = ids.last else {
            low = 0
            shift = 0
            starts = [0]
            return
        }
        low = first.rawValue
        let span = last.rawValue - first.rawValue
        let bucketBits = Int.bitWidth - (ids.count - 1).leadingZeroBitCount  // ⌈log2 count⌉
        let spanBits = UInt64.bitWidth - span.leadingZeroBitCount
        shift = UInt64(max(0, spanBits - bucketBits))
        var starts = [Int32](repeating: 0, count: Int(span >> shift) + 2)
        for id in ids { starts[Int((id.rawValue - first.rawValue) >> shift) + 1] += 1 }
        for b in 1..<starts.count { starts[b] += starts[b - 1] }
        self.starts = starts
    }

    /// The first position holding `id`, or nil.
    func index(of id: SteamID64) -> Int? {
        guard id.rawValue >= low else { return nil }
        let bucket = (id.rawValue - low) >> shift
        guard bucket < UInt64(starts.count - 1) else { return nil }
        return Self.index(of: id, in: ids, within: Int(starts[Int(bucket)])..<Int(starts[Int(bucket) + 1]))
    }

    /// The first position of `id` in `ids[range]` (ascending) by binary search, or nil.
    static func index(of id: SteamID64, in ids: [SteamID64], within range: Range<Int>) -> Int? {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < range.upperBound && ids[lo] == id ? lo : nil
    }
}
