import Foundation

/// The run summary written as `pairing_summary.json` (sorted keys, snake_case). It holds results only: the work
/// counters (postings scanned, candidates evaluated) depend on how the run was split (threads do not change them,
/// shards do), so they are not in it; `bench pair` and `pair --shard` print them.
public struct PairingSummary: Sendable, Hashable, Codable {
    public var players: Int
    public var playersWithGames: Int
    public var playersPaired: Int
    public var pairings: Int
    public var k: Int
    /// Index = list length (0…k), value = players with that many proposals.
    public var listSizeDistribution: [Int]
    public var unpairedByReason: [String: Int]
    public var exposureCap: Int?
    public var exposureGini: Double
    public var exposureMax: Int
    public var playersNeverProposed: Int
    public var previouslyUnpairedNowPaired: Int
    public var decisions: [String: Int]
    public var matchesTotal: Int
    public var matchesNew: Int
    public var matchesDissolved: Int

    public func jsonBytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var rounded = self
        rounded.exposureGini = (exposureGini * 10_000).rounded() / 10_000
        return Array((try? encoder.encode(rounded)) ?? Data()) + [0x0A]
    }

    /// Gini coefficient of non-negative counts (0 = perfectly even).
    public static func gini(_ values: [Int]) -> Double {
        let sorted = values.sorted()
        let n = Double(sorted.count)
        let total = Double(sorted.reduce(0, +))
        guard n > 0, total > 0 else { return 0 }
        var weighted = 0.0
        for (i, x) in sorted.enumerated() { weighted += Double(i + 1) * Double(x) }
        return 2 * weighted / (n * total) - (n + 1) / n
    }
}
