import ArgumentParser
import Foundation
import PipelineRunner
import PipelineSpec

/// `steam-mate bench trade [DIR]`: solve every shared want list and a seeded large instance.
struct BenchTradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trade",
        abstract: "Benchmark want-list parsing and solving against TradeMaximizer's published times."
    )

    @Argument(help: "Directory of want lists (default ../shared/fixtures/trade, then Tests/TradeTests/Fixtures).")
    var directory: String?

    @Option(help: "Runs per file (the median is printed).")
    var repeats: Int = 5

    @Option(help: "Items of the generated large instance.")
    var largeItems: Int = 20_000

    @Option(help: "Want edges of the generated large instance.")
    var largeEdges: Int = 600_000

    @Option(help: "Seed of the generated large instance.")
    var seed: UInt64 = 20_250_501

    @Option(help: "Comma-separated loop caps (e.g. 2,3,4,5): benchmark the exact capped solver against the old heuristic instead.")
    var caps: String?

    @Option(help: "CPU seconds per capped solve.")
    var timeLimit: Double = 60

    @Option(help: "Write each instance's max-items program as DIR/<file>-cap<L>.lp (with --requests: DIR/requests-cap<L>.lp; CPLEX LP) for other solvers.")
    var exportLp: String?

    @Option(help: "Benchmark the capped solve of DIR/trade_requests.jsonl (blocks from DIR/decisions.jsonl, requests placed by the shipped location table) instead; caps default to 3.")
    var requests: String?

    @Option(help: "With --requests: the meet-up distance limit (the nightly run uses 150).")
    var maxDistanceKm: Double?

    @Option(help: "With --requests: stop unproven once within this fraction of the bound (default 0.005, as the trade stage; 0 = prove or run to the time limit).")
    var gapTolerance: Double?

    @Option(help: "With --requests: the loop enumeration's work limit (edges scanned plus search steps; default 2000000000); past it the solve is the greedy packing.")
    var maxEnumerationWork: Int?

    @Flag(help: "With --requests: skip the old loop-cap heuristic's baseline column (it runs whole uncapped assignment solves, minutes on a dense 1M-player night).")
    var noHeuristic = false

    func run() throws {
        try OptionCheck.require([("--gap-tolerance", gapTolerance, OptionRanges.tradeGapTolerance)])
        if let maxEnumerationWork, maxEnumerationWork < 1 { throw ValidationError("--max-enumeration-work takes a count of at least 1") }
        var capList: [Int] = []
        if let caps {
            capList = try caps.split(separator: ",").map { token in
                guard let cap = Int(token.trimmingCharacters(in: .whitespaces)), cap >= 2 else {
                    throw ValidationError("--caps takes loop caps ≥ 2, comma-separated")
                }
                return cap
            }
        }
        var configuration = TradeBenchmark.Configuration(
            directory: directory, repeats: repeats, largeItems: largeItems, largeEdges: largeEdges, seed: seed,
            caps: capList, timeLimitSeconds: timeLimit)
        configuration.exportLPDirectory = exportLp
        configuration.requestsDirectory = requests
        configuration.maxDistanceKm = maxDistanceKm
        configuration.heuristicBaseline = !noHeuristic
        configuration.gapTolerance = gapTolerance
        configuration.maxEnumerationWork = maxEnumerationWork
        let status = TradeBenchmark.run(configuration) { print($0, terminator: "") }
        if status != 0 { throw ExitCode(status) }
    }
}
