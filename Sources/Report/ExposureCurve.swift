/// How evenly pairing exposure is spread: for every player with games, the number of other players' lists
/// they appear in. The Lorenz curve plots the share of appearances held by the least-exposed share of players.
public struct ExposureCurve: Sendable, Equatable {
    /// Appearances per player, ascending.
    public let sortedCounts: [Int]

    public init(counts: [Int]) {
        sortedCounts = counts.sorted()
    }

    public var players: Int { sortedCounts.count }
    public var total: Int { sortedCounts.reduce(0, +) }

    /// The Gini coefficient, `2·Σ i·xᵢ / (n·Σx) − (n+1)/n` over ascending xᵢ (i from 1): 0 when everybody appears
    /// equally often, towards 1 when a few players take every slot; 0 for no players or no appearances.
    public var gini: Double {
        let n = Double(sortedCounts.count)
        let sum = Double(total)
        guard n > 0, sum > 0 else { return 0 }
        var weighted = 0.0
        for (i, x) in sortedCounts.enumerated() { weighted += Double(i + 1) * Double(x) }
        return 2 * weighted / (n * sum) - (n + 1) / n
    }

    /// `samples + 1` points (share of players, share of appearances) from (0, 0) to (1, 1), taken at evenly spaced
    /// player counts, so the drawn curve has a fixed size whatever the population.
    public func lorenzPoints(samples: Int = 40) -> [(players: Double, appearances: Double)] {
        let n = sortedCounts.count
        let sum = total
        guard n > 0, sum > 0, samples > 0 else { return [(0, 0), (1, 1)] }
        var points: [(Double, Double)] = [(0, 0)]
        var running = 0
        var taken = 0
        for s in 1...samples {
            let upTo = n * s / samples
            while taken < upTo {
                running += sortedCounts[taken]
                taken += 1
            }
            points.append((Double(upTo) / Double(n), Double(running) / Double(sum)))
        }
        return points
    }
}
