/// A histogram over fixed bin edges: bin 0 is `x < edges[0]`, bin i is `edges[i-1] ≤ x < edges[i]`, the last
/// bin is `x ≥ edges.last`. Fixed edges keep two runs' histograms comparable; `add` is O(log bins).
public struct BinnedCounts: Sendable, Equatable {
    public let edges: [Double]
    public private(set) var counts: [Int]

    public init(edges: [Double]) {
        precondition(!edges.isEmpty && zip(edges, edges.dropFirst()).allSatisfy { $0 < $1 }, "edges must increase")
        self.edges = edges
        counts = Array(repeating: 0, count: edges.count + 1)
    }

    /// Counts one value; NaN is not counted.
    public mutating func add(_ x: Double) {
        guard !x.isNaN else { return }
        var low = 0
        var high = edges.count
        while low < high {
            let mid = (low + high) / 2
            if x < edges[mid] { high = mid } else { low = mid + 1 }
        }
        counts[low] += 1
    }

    /// Adds another histogram's counts; the edges must be the same.
    public mutating func merge(_ other: BinnedCounts) {
        precondition(other.edges == edges, "merging histograms with different edges")
        for i in counts.indices { counts[i] += other.counts[i] }
    }

    public var total: Int { counts.reduce(0, +) }

    /// Bin labels with the edges printed by `format`: `< 0.001`, `0.001–0.002`, …, `≥ 0.5`.
    public func labels(_ format: (Double) -> String) -> [String] {
        (0...edges.count).map { i in
            if i == 0 { return "< " + format(edges[0]) }
            if i == edges.count { return "≥ " + format(edges[i - 1]) }
            return format(edges[i - 1]) + "–" + format(edges[i])
        }
    }

    /// Pairing scores (0…1): a 1-2-5 sequence from 0.001 to 0.5.
    public static func pairingScores() -> BinnedCounts {
        BinnedCounts(edges: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5])
    }
}
