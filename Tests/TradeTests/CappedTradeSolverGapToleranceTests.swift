import Foundation
import Testing
@testable import Trade

/// `TradeSolverOptions.gapTolerance`: a capped solve may stop unproven once its best is within the
/// tolerance of the bound, says so (`optimal: false`, `stop_reason: gap_tolerance`, bound and gap), and
/// never stops where the tolerance is less than one item.
@Suite struct CappedTradeSolverGapToleranceTests {
    /// Three mutual swaps at cap 2: the LP bound is 3 items, the integer optimum 2, and LP rounding finds
    /// 2 at once. A tolerance of at least ⅓ stops there, unproven; a smaller one searches and proves 2.
    static let triangle = """
        A : B C
        B : A C
        C : A B
        """

    @Test func stopsWithinTheToleranceAndSaysWhy() throws {
        let (problem, _) = try FixtureSupport.parse(Self.triangle)
        var options = TradeSolverOptions(maxLoopLength: 2, warmStart: false)
        options.gapTolerance = 0.34
        let stopped = TradeSolver.solve(problem, options: options)
        #expect(stopped.stats.trades == 2)
        #expect(stopped.stats.optimal == false)
        #expect(stopped.stats.itemsUpperBound == 3)
        #expect(stopped.stats.gap == 0.333333)
        #expect(stopped.stats.stopReason == .gapTolerance)
        #expect(FixtureSupport.violations(of: stopped) == [])

        options.gapTolerance = 0.3
        let proven = TradeSolver.solve(problem, options: options)
        #expect(proven.stats.trades == 2)
        #expect(proven.stats.optimal == true)
        #expect(proven.stats.itemsUpperBound == 2)
        #expect(proven.stats.stopReason == nil)
    }

    /// Without the exact search and outside the tolerance nothing was stopped by it: no reason is claimed.
    @Test func noReasonIsInventedWhenTheToleranceDidNotStopTheSearch() throws {
        let (problem, _) = try FixtureSupport.parse(Self.triangle)
        var options = TradeSolverOptions(maxLoopLength: 2, warmStart: false)
        options.exactSearch = false
        options.gapTolerance = 0.1
        let result = TradeSolver.solve(problem, options: options)
        #expect(result.stats.optimal == false)
        #expect(result.stats.stopReason == nil)
    }

    /// The summary file carries the reason (and only for unproven results).
    @Test func summaryHasTheStopReason() throws {
        let (problem, _) = try FixtureSupport.parse(Self.triangle)
        var options = TradeSolverOptions(maxLoopLength: 2, warmStart: false)
        options.gapTolerance = 0.5
        let summary = TradeReport.summary(TradeSolver.solve(problem, options: options), inputSHA256: "", diagnostics: [],
                                          includeLoops: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(summary), as: UTF8.self)
        #expect(text.contains("\"stop_reason\":\"gap_tolerance\""))
        options.gapTolerance = 0
        let proven = TradeReport.summary(TradeSolver.solve(problem, options: options), inputSHA256: "", diagnostics: [],
                                         includeLoops: false)
        #expect(!String(decoding: try encoder.encode(proven), as: UTF8.self).contains("stop_reason"))
    }

    /// The requests' default tolerance (0.5 %) is under one item while the bounds sum to under 200 items, so
    /// random small want lists are still solved to the brute-force optimum and proven at every cap.
    @Test func defaultRequestToleranceStillProvesSmallInstances() throws {
        #expect(TradeRequestOptions().solver.gapTolerance == TradeRequestOptions.defaultGapTolerance)
        #expect(TradeSolverOptions().gapTolerance == 0)
        for seed in UInt64(1)...20 {
            let items = 6 + Int(seed % 9)
            let text = TradeOracleTests.randomWantList(seed: seed &* 7_919, items: items)
            let (problem, _) = try FixtureSupport.parse(text)
            for cap in 2...4 {
                let expected = CappedTradeSolverTests.bruteForce(problem, cap: cap, distinct: false)
                var options = TradeSolverOptions(maxLoopLength: cap, warmStart: false)
                options.gapTolerance = TradeRequestOptions.defaultGapTolerance
                let result = TradeSolver.solve(problem, options: options)
                #expect(result.stats.trades == expected.trades, "seed \(seed) cap \(cap)")
                #expect(result.stats.totalCost == expected.cost, "seed \(seed) cap \(cap)")
                #expect(result.stats.optimal == true, "seed \(seed) cap \(cap)")
                #expect(result.stats.stopReason == nil, "seed \(seed) cap \(cap)")
            }
        }
    }
}
