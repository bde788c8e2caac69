import Testing
@testable import Report

@Suite struct BinnedCountsTests {
    @Test func valuesLandInHalfOpenBins() {
        var bins = BinnedCounts(edges: [1, 2, 5])
        for x in [0.5, 1, 1.5, 2, 4.99, 5, 100, -3, .nan] { bins.add(x) }
        // < 1: 0.5, -3 | [1, 2): 1, 1.5 | [2, 5): 2, 4.99 | ≥ 5: 5, 100; NaN not counted
        #expect(bins.counts == [2, 2, 2, 2])
        #expect(bins.total == 8)
        #expect(bins.labels { NumberText.fixed($0, 0) } == ["< 1", "1–2", "2–5", "≥ 5"])
    }

    @Test func pairingScoreEdgesAreExactAtTheBoundaries() {
        var bins = BinnedCounts.pairingScores()
        bins.add(0.001)
        bins.add(0.0009999)
        bins.add(0.5)
        #expect(bins.counts[0] == 1)
        #expect(bins.counts[1] == 1)
        #expect(bins.counts.last == 1)
    }

    @Test func rankedCountsBreakTiesByName() {
        let ranked = NamedCount.ranked(["b": 2, "a": 2, "c": 5, "d": 1], limit: 3)
        #expect(ranked == [NamedCount("c", 5), NamedCount("a", 2), NamedCount("b", 2)])
    }
}
