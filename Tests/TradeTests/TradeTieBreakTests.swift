import PipelineCore
import Testing
@testable import Trade

@Suite struct TradeTieBreakTests {
    @Test func prefersMoreUsersTradingAtEqualTradesAndCost() throws {
        // Both {A1↔B1, A2↔B2} and {A1↔B1, A2↔C} trade 4 items at cost 4; the second has 3 users trading.
        let text = """
            (A) A1 : B1
            (B) B1 : A1
            (A) A2 : B2 C1
            (B) B2 : A2
            (C) C1 : A2
            """
        let (problem, _) = try FixtureSupport.parse(text)
        let result = TradeSolver.solve(problem)
        #expect(result.stats.trades == 4)
        #expect(result.stats.totalCost == 4)
        #expect(result.stats.usersTrading == 3)
        #expect(FixtureSupport.violations(of: result) == [])
    }

    @Test func fixtureUsersTradingBeatsTradeMaximizer() throws {

        let name = "TradeMaximizer__samples-onewant.txt"
        let problem = try WantListParser(file: name, sink: DiagnosticLog()).parse(try FixtureSupport.bytes(name))
        let result = TradeSolver.solve(problem)
        #expect(result.stats.trades == 336)
        // TM 1.3c: 142 users trading; FastTradeMaximizer's heuristic: 150 (trade-format.md §3–4).
        #expect(result.stats.usersTrading > 150)
    }

    @Test func deterministic() throws {
        let name = "TradeMaximizerOz__amiguero2-input.txt"
        let bytes = try FixtureSupport.bytes(name)
        let a = TradeSolver.solve(try WantListParser(file: name, sink: DiagnosticLog()).parse(bytes))
        let b = TradeSolver.solve(try WantListParser(file: name, sink: DiagnosticLog()).parse(bytes))
        #expect(TradeReport.canonicalResult(a) == TradeReport.canonicalResult(b))
        #expect(a.loops == b.loops)
        #expect(a.stats == b.stats)
    }

    @Test func loopCapKeepsLoopsShortAndReportsTheLoss() throws {
        // A 6-cycle (the uncapped optimum) that also contains two 3-cycles through chords at higher rank.
        let text = """
            #! LINEAR-PRIORITIES
            A : B C
            B : C
            C : D A
            D : E
            E : F
            F : A D
            G : H
            H : I
            I : J
            J : G
            """
        let (problem, _) = try FixtureSupport.parse(text)
        let uncapped = TradeSolver.solve(problem)
        #expect(uncapped.stats.trades == 10)
        let capped = TradeSolver.solve(problem, options: TradeSolverOptions(maxLoopLength: 3))
        #expect(capped.loops.allSatisfy { $0.count <= 3 })
        #expect(capped.stats.maxLoopLength == 3)
        #expect(capped.stats.uncappedTrades == 10)
        #expect(capped.stats.trades == 6) // A-B-C and D-E-F; the 4-cycle G-J cannot be split
        #expect(FixtureSupport.violations(of: capped) == [])
    }

    @Test func loopCapOnAFixtureNeverBreaksInvariants() throws {
        let name = "TradeMaximizerOz__neil-input.txt"
        let problem = try WantListParser(file: name, sink: DiagnosticLog()).parse(try FixtureSupport.bytes(name))
        let capped = TradeSolver.solve(problem, options: TradeSolverOptions(maxLoopLength: 4))
        #expect(capped.loops.allSatisfy { $0.count <= 4 })
        #expect(capped.stats.uncappedTrades == 151)
        #expect(capped.stats.trades <= 151)
        #expect(capped.stats.trades > 0)
        #expect(FixtureSupport.violations(of: capped) == [])
    }
}
