import ArgumentParser
import PipelineRunner

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

    func run() throws {
        let status = TradeBenchmark.run(TradeBenchmark.Configuration(
            directory: directory, repeats: repeats, largeItems: largeItems, largeEdges: largeEdges, seed: seed
        )) { print($0, terminator: "") }
        if status != 0 { throw ExitCode(status) }
    }
}
