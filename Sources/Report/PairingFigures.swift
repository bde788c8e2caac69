/// The pairing section, aggregated from `pairing_summary.json` and one pass over the `pairings` table.
public struct PairingFigures: Sendable, Equatable {
    public var players = 0
    public var playersWithGames = 0
    public var playersPaired = 0
    public var pairings = 0
    public var k = 0
    public var scores = BinnedCounts.pairingScores()
    /// Pairings by distance bucket, in the buckets' own order (nearest first, `anywhere` last).
    public var distanceBuckets: [NamedCount] = []
    /// `listSizes[i]`: players with exactly i pairings.
    public var listSizes: [Int] = []
    public var unpairedByReason: [NamedCount] = []
    /// Appearances in other players' lists, one entry per player with games (zeros included).
    public var exposure = ExposureCurve(counts: [])
    /// The games cited first in pairings' explanations, most cited first.
    public var topGames: [NamedCount] = []

    public init() {}

    /// The pairing stage's distance buckets in display order.
    public static let distanceOrder = ["under 10 km", "10-25 km", "25-50 km", "50-100 km", "100-250 km", "250-500 km",
                                       "over 500 km", "anywhere"]

    /// `counts` in `distanceOrder`, unknown labels after them in name order; empty buckets of the known ones kept.
    public static func orderedDistances(_ counts: [String: Int]) -> [NamedCount] {
        let known = distanceOrder.map { NamedCount($0, counts[$0] ?? 0) }
        let others = NamedCount.byName(counts.filter { !distanceOrder.contains($0.key) })
        return known + others
    }
}
