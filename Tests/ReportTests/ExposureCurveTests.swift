import Testing
@testable import Report

@Suite struct ExposureCurveTests {
    @Test func giniOfHandComputedDistributions() {
        // Equal exposure: 0.
        #expect(ExposureCurve(counts: [3, 3, 3, 3]).gini == 0)
        // One of four holds everything: 2·(4·4)/(4·4) − 5/4 = 0.75.
        #expect(abs(ExposureCurve(counts: [0, 0, 0, 4]).gini - 0.75) < 1e-12)
        // [1, 2, 3, 4]: Σ i·x = 1+4+9+16 = 30; 2·30/(4·10) − 5/4 = 0.25.
        #expect(abs(ExposureCurve(counts: [4, 1, 3, 2]).gini - 0.25) < 1e-12)
        #expect(ExposureCurve(counts: []).gini == 0)
        #expect(ExposureCurve(counts: [0, 0]).gini == 0)
    }

    @Test func lorenzPointsAreCumulativeShares() {
        let points = ExposureCurve(counts: [4, 1, 3, 2]).lorenzPoints(samples: 4)
        // Ascending 1, 2, 3, 4 of 10: 0.1, 0.3, 0.6, 1.0.
        #expect(points.map(\.players) == [0, 0.25, 0.5, 0.75, 1])
        #expect(points.map(\.appearances) == [0, 0.1, 0.3, 0.6, 1])
    }
}
