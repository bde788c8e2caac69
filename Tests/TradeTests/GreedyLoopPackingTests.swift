import Geo
import PipelineCore
import PlayerModel
import Testing
@testable import Trade

@Suite struct GreedyLoopPackingTests {
    static func problem(seed: UInt64, count: Int = 120) -> TradeProblem {
        let generated = SyntheticTradeGenerator.requests(seed: seed, count: count, users: count / 4, apps: 30)
        let locations = generated.locations
        return TradeRequestMatcher.problem(requests: generated.requests, knownAuthors: nil, knownApps: nil,
                                           location: { locations[$0] }, blockedPairs: [],
                                           options: TradeRequestOptions(maxDistanceKm: 250), file: "r.jsonl",
                                           sink: DiagnosticLog())
    }

    /// Loops of 2…cap items along want edges, each item once, owners distinct within a loop, deterministic,
    /// and never more items than the exact optimum.
    @Test(arguments: [(UInt64(1), 2), (2, 3), (3, 3), (4, 4)])
    func packsValidShortLoopsBelowTheOptimum(seed: UInt64, cap: Int) throws {
        let problem = Self.problem(seed: seed)
        let graph = PrunedGraph(problem)
        let assignment = try #require(GreedyLoopPacking.assignment(problem: problem, graph: graph, cap: cap, distinctOwners: true))
        #expect(GreedyLoopPacking.assignment(problem: problem, graph: graph, cap: cap, distinctOwners: true) == assignment)
        let evaluation = Evaluation(problem: problem, graph: graph, colOfRow: assignment)
        #expect(evaluation.trades > 0)
        for loop in evaluation.loops {
            #expect((2...min(cap, 3)).contains(loop.count))
            let owners = loop.map { problem.items[Int($0)].owner }
            #expect(Set(owners).count == owners.count)
        }
        var options = TradeRequestOptions(maxDistanceKm: 250, maxLoopLength: cap)
        options.solver.maxCandidateLoops = 5_000_000
        let exact = TradeSolver.solve(problem, options: options.solver)
        #expect(exact.stats.optimal == true)
        #expect(evaluation.trades <= exact.stats.trades)
    }

    /// When enumeration is cut short (here: a limit of 3 candidate loops), the solve keeps the greedy
    /// packing if it trades more, and still reports not optimal with no bound.
    @Test func truncatedEnumerationFallsBackToTheGreedyPacking() throws {
        let problem = Self.problem(seed: 9, count: 300)
        let graph = PrunedGraph(problem)
        let greedy = try #require(GreedyLoopPacking.assignment(problem: problem, graph: graph, cap: 3, distinctOwners: true))
        let greedyTrades = Evaluation(problem: problem, graph: graph, colOfRow: greedy).trades
        var options = TradeRequestOptions(maxDistanceKm: 250)
        options.solver.maxCandidateLoops = 3
        let result = TradeSolver.solve(problem, options: options.solver)
        #expect(result.stats.optimal == false)
        #expect(result.stats.itemsUpperBound == nil)
        #expect(result.stats.trades >= greedyTrades)
        #expect(greedyTrades > 9)
        let wrapped = TradeResult(problem: problem, receives: result.receives, receivedEdge: result.receivedEdge,
                                  loops: result.loops, stats: result.stats)
        #expect(FixtureSupport.violations(of: wrapped) == [])
    }

    @Test func dummiesAreNotHandled() {
        let items = [TradeItem(name: "a", owner: "x", isDummy: false, line: 1), TradeItem(name: "%d", owner: "x", isDummy: true, line: 1)]
        let problem = TradeProblem(items: items, edges: [WantEdge(receiver: 0, wanted: 1, rank: 1, cost: 1)], options: WantListOptions())
        #expect(GreedyLoopPacking.assignment(problem: problem, graph: PrunedGraph(problem), cap: 3, distinctOwners: false) == nil)
    }
}
