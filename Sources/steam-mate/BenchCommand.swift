import ArgumentParser

/// `steam-mate bench <area>`: benchmarks with seeded synthetic data. Figures go to stdout.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run a benchmark on seeded synthetic data and print its figures.",
        subcommands: [BenchIngestCommand.self, BenchPairCommand.self, BenchLobbyCommand.self, BenchTradeCommand.self,
                      BenchDotaCommand.self, BenchRunCommand.self, BenchSHA256Command.self,
                      BenchConvertCommand.self]
    )
}
