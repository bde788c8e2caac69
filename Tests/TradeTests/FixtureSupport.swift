import Foundation
import PipelineCore
@testable import Trade

/// Fixture access (`Tests/TradeTests/Fixtures`, found from `#filePath`) and shared checks.
enum FixtureSupport {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every shared want list under `Fixtures/` (SOURCES.md lists them).
    static let wantListFixtures = [
        "TradeMaximizer__samples-ask.txt", "TradeMaximizer__samples-xmas.txt", "TradeMaximizer__samples-onewant.txt",
        "TradeMaximizerOz__friendless1-input.txt", "TradeMaximizerOz__friendless2-input.txt", "TradeMaximizerOz__neil-input.txt",
        "TradeMaximizerOz__amiguero-input.txt", "TradeMaximizerOz__amiguero2-input.txt", "TradeMaximizerOz__amiguero3-input.txt",
        "TradeMaximizerOz__amiguero4-input.txt", "TradeMaximizerOz__amiguero5-input.txt", "TradeMaximizerOz__amiguero6-input.txt",
        "TradeMaximizerOz__input-brisbane201603.txt", "TradeMaximizerOz__input-brisbane2017real.txt",
    ]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func parse(_ text: String, file: String = "test.txt") throws(WantListFatalError) -> (TradeProblem, DiagnosticLog) {
        let log = DiagnosticLog()
        let problem = try WantListParser(file: file, sink: log).parse(Array(text.utf8))
        return (problem, log)
    }

    /// The invariants every result must satisfy; returns a list of violations (empty = fine).
    static func violations(of result: TradeResult) -> [String] {
        var problems: [String] = []
        let items = result.problem.items
        var given = Set<Int32>(), received = Set<Int32>()
        var wants = Set<[Int32]>()
        for edge in result.problem.edges { wants.insert([edge.receiver, edge.wanted]) }
        var traded = 0
        for loop in result.loops {
            if loop.count < 2 { problems.append("loop of size \(loop.count)") }
            for (k, item) in loop.enumerated() {
                traded += 1
                let next = loop[(k + 1) % loop.count]
                if items[Int(item)].isDummy { problems.append("dummy \(items[Int(item)].name) in output") }
                if result.receives[Int(item)] != next { problems.append("loop not closed at \(item)") }
                if !received.insert(next).inserted { problems.append("\(next) received twice") }
                if !given.insert(next).inserted { problems.append("\(next) given twice") }
                if !reachable(from: item, to: next, in: result.problem, wants: wants) {
                    problems.append("\(items[Int(item)].name) receives \(items[Int(next)].name), not on its want list")
                }
            }
        }
        if traded != result.stats.trades { problems.append("trades \(result.stats.trades) != loop items \(traded)") }
        let cost = result.loops.joined().reduce(Int64(0)) { $0 + result.problem.edge(Int(result.receivedEdge[Int($1)]!)).cost }
        if cost != result.stats.totalCost { problems.append("total cost mismatch") }
        return problems
    }

    /// Whether `a` wants `b` directly or through a chain of its own dummies.
    static func reachable(from a: Int32, to b: Int32, in problem: TradeProblem, wants: Set<[Int32]>) -> Bool {
        if wants.contains([a, b]) { return true }
        var frontier = [a], seen = Set<Int32>([a])
        let edges = problem.edges
        while let x = frontier.popLast() {
            for edge in edges where edge.receiver == x {
                if edge.wanted == b { return true }
                if problem.items[Int(edge.wanted)].isDummy && seen.insert(edge.wanted).inserted { frontier.append(edge.wanted) }
            }
        }
        return false
    }
}
