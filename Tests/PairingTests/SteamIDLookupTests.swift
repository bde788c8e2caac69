import PipelineCore
import PlayerModel
import Testing
@testable import Pairing

/// The bucketed lookup gives the position a binary search gives, for ids spread evenly, crowded into one bucket, at the
/// ends of the valid range, and absent ones below, between and above.
@Suite struct SteamIDLookupTests {
    /// The first position of `id` in `ids` by binary search (what `PreparedPopulation.index(of:)` does), or nil.
    static func searched(_ ids: [SteamID64], _ id: SteamID64) -> Int? {
        var lo = 0, hi = ids.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ids[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < ids.count && ids[lo] == id ? lo : nil
    }

    static func populations() -> [[SteamID64]] {
        var generator = SeededGenerator(seed: 31)
        let range = SteamID64.validRange
        func ids(_ values: [UInt64]) -> [SteamID64] { values.sorted().map { SteamID64(rawValue: $0)! } }
        let spread = ids((0..<5_000).map { _ in UInt64.random(in: range, using: &generator) })
        // Most ids within a few hundred of each other, a few far away: one bucket holds thousands.
        let crowded = ids((0..<3_000).map { _ in range.lowerBound + 1_000_000 + UInt64.random(in: 0...400, using: &generator) }
            + [range.lowerBound, range.upperBound, range.lowerBound + 1 << 31])
        let ends = ids([range.lowerBound, range.lowerBound + 1, range.upperBound - 1, range.upperBound])
        let repeated = ids([range.lowerBound + 7, range.lowerBound + 7, range.lowerBound + 9, range.lowerBound + 9, range.lowerBound + 9])
        return [spread, crowded, ends, repeated, ids([range.lowerBound + 42]), []]
    }

    @Test(arguments: populations())
    func findsWhatABinarySearchFinds(ids: [SteamID64]) {
        let lookup = SteamIDLookup(sorted: ids)
        var probes = ids
        var generator = SeededGenerator(seed: UInt64(ids.count))
        let range = SteamID64.validRange
        for id in ids {
            for delta in [-1, 1] where range.contains(UInt64(Int64(id.rawValue) + Int64(delta))) {
                probes.append(SteamID64(rawValue: UInt64(Int64(id.rawValue) + Int64(delta)))!)
            }
        }
        probes += (0..<2_000).map { _ in SteamID64(rawValue: UInt64.random(in: range, using: &generator))! }
        probes += [SteamID64(rawValue: range.lowerBound)!, SteamID64(rawValue: range.upperBound)!]
        var found = 0
        for id in probes {
            let expected = Self.searched(ids, id)
            #expect(lookup.index(of: id) == expected, "\(id)")
            if expected != nil { found += 1 }
        }
        #expect(found >= ids.count)
    }
}
