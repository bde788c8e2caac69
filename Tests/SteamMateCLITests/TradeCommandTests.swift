import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate trade` as a user runs it: formats, outputs, exit statuses.
@Suite struct TradeCommandTests {
    static let fixtures = RepositoryPaths.root().appendingPathComponent("Tests/TradeTests/Fixtures")

    @Test func jsonSummaryOnStdoutAndFilesInOut() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let file = Self.fixtures.appendingPathComponent("TradeMaximizerOz__friendless1-input.txt").path
        let result = try CommandRunner.run(["trade", file, "--format", "json", "--out", "trades"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["trades"] as? Int == 195)
        #expect(summary["total_cost"] as? Int == 195)
        #expect((summary["input_sha256"] as? String)?.count == 64)
        let written = GoldenDirectory.relativeFiles(in: dir.appendingPathComponent("trades"))
        #expect(written == ["trade_loops.csv", "trade_loops.jsonl", "trade_report.txt", "trade_summary.json"])
        let again = try CommandRunner.run(["trade", file, "--format", "json"], in: dir)
        #expect(again.stdout == result.stdout, "the same input gives the same bytes")
    }

    @Test func tmReportAndNonFatalErrorsExitOne() throws {
        let file = Self.fixtures.appendingPathComponent("TradeMaximizer__samples-ask.txt").path
        let result = try CommandRunner.run(["trade", file, "--format", "tm"], in: try RepositoryPaths.temporaryDirectory())
        #expect(result.status == 1, "repeated wants are reported errors: exit 1")
        #expect(result.stdout.contains("TRADE LOOPS (197 total trades)"))
        #expect(result.stderr.contains("TradeMaximizer__samples-ask.txt:43: error:"))
        #expect(result.stderr.contains("[trade.repeatedWant]"))
    }

    @Test func structuralErrorsExitTwoWithOneMessage() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try "(alice) A : B\n#! LINEAR-PRIORITIES\n(bob) B : A\n".write(to: dir.appendingPathComponent("w.txt"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["trade", "w.txt"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("w.txt:2: error:"))
        #expect(result.stderr.contains("[trade.optionsAfterWants]"))
    }
}
