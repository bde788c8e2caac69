import Foundation
import PipelineCore
import Testing
@testable import Trade

@Suite struct TradeReportTests {
    static let text = """
        #! LINEAR-PRIORITIES
        (ann) A : X B
        (bob) B : C A
        (cat) C : A
        (dan) D : A
        """

    @Test func loopsTableShipmentsAndExplanations() throws {
        let (problem, _) = try FixtureSupport.parse(Self.text)
        let result = TradeSolver.solve(problem)
        #expect(result.stats.trades == 3)
        #expect(result.stats.totalCost == 3) // X is unknown, so it takes no rank: everyone gets rank 1
        let table = TradeReport.loopsTable(TradeReport.shipments(result))
        #expect(table.columns == TradeReport.loopColumns)
        #expect(table.rows.count == 3)
        // Loop A → B → C: A receives B, B receives C, C receives A.
        let rows = table.rows.map { row in row.prefix(9).map { cell -> String in
            switch cell {
            case .string(let s): return s
            case .int(let i): return String(i)
            default: return "-"
            }
        } }
        #expect(rows == [
            ["1", "1", "ANN", "A", "CAT", "C", "B", "1", "1"],
            ["1", "2", "BOB", "B", "ANN", "A", "C", "1", "1"],
            ["1", "3", "CAT", "C", "BOB", "B", "A", "1", "1"],
        ])
        let explanation = TradeReport.shipments(result)[0][1].explanation
        #expect(explanation == "(BOB) sends B to (ANN), who gives up A and ranked B #1 on its want list; (BOB) receives C")
    }

    @Test func summaryJSONHasSortedSnakeCaseKeysAndChecksums() throws {
        let (problem, log) = try FixtureSupport.parse(Self.text)
        let result = TradeSolver.solve(problem)
        let summary = TradeReport.summary(result, inputSHA256: SHA256.hex(of: Array(Self.text.utf8)),
                                          diagnostics: log.sorted(), includeLoops: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(summary), as: UTF8.self)
        for key in ["\"items\":4", "\"trades\":3", "\"total_cost\":3", "\"users\":4", "\"users_trading\":3", "\"loops\":1",
                    "\"loop_sizes\":[3]", "\"sum_squares\":9", "\"errors\":1"] {
            #expect(json.contains(key), "\(key) in \(json)")
        }
        #expect(!json.contains("trade_loops"))
        #expect(summary.resultSHA256 == SHA256.hex(of: Array(TradeReport.canonicalResult(result).utf8)))
        #expect(TradeReport.canonicalResult(result) == "(ANN) A\treceives\t(BOB) B\n(BOB) B\treceives\t(CAT) C\n(CAT) C\treceives\t(ANN) A\n")
    }
}
