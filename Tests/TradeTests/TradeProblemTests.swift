import Geo
import PipelineCore
import Testing
@testable import Trade

@Suite struct TradeProblemTests {
    /// An edge is stored as 16 bytes (receiver, wanted, rank); cost and distance are derived.
    @Test func linkIsSixteenBytes() {
        #expect(MemoryLayout<TradeProblem.Link>.stride == 16)
    }

    /// Edges whose costs follow their ranks read back as given without storing a cost; one edge off the rule
    /// (and any distance) keeps every edge's figure as given.
    @Test func edgesReadBackAsGiven() {
        let items = ["a", "b", "%c"].enumerated().map {
            TradeItem(name: $0.element, owner: $0.element.hasPrefix("%") ? nil : "u\($0.offset)", isDummy: $0.element.hasPrefix("%"), line: 1)
        }
        let options = WantListOptions()
        let ruled = [
            WantEdge(receiver: 0, wanted: 1, rank: 1, cost: options.priorities.cost(rank: 1)),
            WantEdge(receiver: 0, wanted: 2, rank: 3, cost: options.priorities.cost(rank: 3)),
            WantEdge(receiver: 2, wanted: 0, rank: 1, cost: 77),
        ]
        let plain = TradeProblem(items: items, edges: ruled, nontradeCost: 77, options: options)
        #expect(plain.edges == ruled && plain.derivesCosts)
        #expect((0..<3).map(plain.edgeCost) == ruled.map(\.cost))

        var offRule = ruled
        offRule[1].cost = 12_345
        offRule[0].distanceKm = 4.5
        let kept = TradeProblem(items: items, edges: offRule, nontradeCost: 77, options: options)
        #expect(kept.edges == offRule && !kept.derivesCosts)
        #expect(kept.edge(0).distanceKm == 4.5 && kept.edge(1).distanceKm == nil)
    }

    /// Request edges: the distance is the two requests' positions' (nil when either is unknown), the cost the rank's.
    @Test func requestEdgesDeriveDistanceFromPositions() {
        let items = (0..<3).map { TradeItem(name: "r\($0)/10", owner: "\($0)", isDummy: false, line: $0 + 1) }
        let seattle = GeoPoint(latitude: 47.61, longitude: -122.33), tacoma = GeoPoint(latitude: 47.25, longitude: -122.44)
        var options = WantListOptions()
        options.priorities = .square
        let problem = TradeProblem(items: items, links: [.init(receiver: 0, wanted: 1, rank: 2), .init(receiver: 1, wanted: 2, rank: 1)],
                                   positions: [seattle, tacoma, nil], options: options)
        #expect(problem.edge(0) == WantEdge(receiver: 0, wanted: 1, rank: 2, cost: 4, distanceKm: seattle.distanceKm(to: tacoma)))
        #expect(problem.edge(1) == WantEdge(receiver: 1, wanted: 2, rank: 1, cost: 1, distanceKm: nil))
    }

    /// The pruned graph reads edges grouped by receiver in item order as they are, and others through a slot map:
    /// the same want lists given both ways solve to the same trades, shipments and costs.
    @Test func edgeOrderDoesNotChangeTheSolve() throws {
        let file = "TradeMaximizerOz__neil-input.txt"
        let problem = try WantListParser(file: file, sink: DiagnosticLog()).parse(try FixtureSupport.bytes(file))
        let edges = problem.edges
        // Receivers interleaved (each receiver's own edges keep their order), so the edges are not in item order.
        let byReceiver = Dictionary(grouping: edges.indices, by: { edges[$0].receiver })
        let receivers = byReceiver.keys.sorted(by: >)
        let shuffled = receivers.flatMap { byReceiver[$0]!.map { edges[$0] } }
        #expect(shuffled != edges)
        let reordered = TradeProblem(items: problem.items, edges: shuffled, nontradeCost: problem.nontradeCost, options: problem.options,
                                     missingOfficial: problem.missingOfficial)
        let a = TradeSolver.solve(problem), b = TradeSolver.solve(reordered)
        #expect(a.stats.trades > 0)
        #expect(a.loops == b.loops && a.stats.totalCost == b.stats.totalCost && a.stats.usersTrading == b.stats.usersTrading)
        #expect(TradeReport.shipments(a) == TradeReport.shipments(b))
        for options in [TradeSolverOptions(maxLoopLength: 3)] {
            let capped = (TradeSolver.solve(problem, options: options), TradeSolver.solve(reordered, options: options))
            #expect(capped.0.loops == capped.1.loops && capped.0.stats.totalCost == capped.1.stats.totalCost)
        }
    }
}
