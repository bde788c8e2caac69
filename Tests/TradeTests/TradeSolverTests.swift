import Foundation
import PipelineCore
import Testing
@testable import Trade

@Suite struct TradeSolverTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String, items: Int, users: Int?, edges: Int, trades: Int, cost: Int64
        var description: String { file }
    }

    /// The table of `Fixtures/SOURCES.md` (max trades and min cost are unique optima).
    static let expected: [Expected] = [
        .init(file: "TradeMaximizer__samples-ask.txt", items: 597, users: nil, edges: 10883, trades: 197, cost: 197),
        .init(file: "TradeMaximizer__samples-xmas.txt", items: 1044, users: nil, edges: 34804, trades: 356, cost: 356),
        .init(file: "TradeMaximizer__samples-onewant.txt", items: 1146, users: 189, edges: 35749, trades: 336, cost: 336),
        .init(file: "TradeMaximizerOz__friendless1-input.txt", items: 370, users: 52, edges: 5295, trades: 195, cost: 195),
        .init(file: "TradeMaximizerOz__friendless2-input.txt", items: 670, users: 76, edges: 12067, trades: 312, cost: 312),
        .init(file: "TradeMaximizerOz__neil-input.txt", items: 427, users: 62, edges: 5647, trades: 151, cost: 151),
        .init(file: "TradeMaximizerOz__amiguero-input.txt", items: 966, users: 89, edges: 28751, trades: 442, cost: 442),
        .init(file: "TradeMaximizerOz__amiguero2-input.txt", items: 686, users: 77, edges: 10088, trades: 262, cost: 2388),
        .init(file: "TradeMaximizerOz__amiguero3-input.txt", items: 974, users: 87, edges: 16062, trades: 274, cost: 3295),
        .init(file: "TradeMaximizerOz__amiguero4-input.txt", items: 851, users: 94, edges: 14904, trades: 312, cost: 3246),
        .init(file: "TradeMaximizerOz__amiguero5-input.txt", items: 848, users: 82, edges: 13411, trades: 285, cost: 2820),
        .init(file: "TradeMaximizerOz__amiguero6-input.txt", items: 743, users: 96, edges: 13441, trades: 304, cost: 3019),
        .init(file: "TradeMaximizerOz__input-brisbane201603.txt", items: 467, users: 36, edges: 4784, trades: 81, cost: 636),
        .init(file: "TradeMaximizerOz__input-brisbane2017real.txt", items: 608, users: 35, edges: 8278, trades: 91, cost: 1071),
    ]

    @Test(arguments: expected)
    func fixtureOptimum(_ expected: Expected) throws {
        let log = DiagnosticLog()
        let problem = try WantListParser(file: expected.file, sink: log).parse(try FixtureSupport.bytes(expected.file))
        #expect(problem.realItemCount == expected.items)
        #expect(problem.users.count == (expected.users ?? 0))
        #expect(problem.edges.count == expected.edges)
        let result = TradeSolver.solve(problem)
        #expect(result.stats.trades == expected.trades)
        #expect(result.stats.totalCost == expected.cost)
        #expect(result.stats.items == expected.items)
        #expect(FixtureSupport.violations(of: result) == [])
        #expect(result.stats.usersTrading >= result.stats.usersTradingFirstSolve)
    }
}
