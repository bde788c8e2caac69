import ArgumentParser

@main
struct SteamMate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steam-mate",
        abstract: "Steam Mate's batch pipeline: ingest Steam data, pair players, find trades, emit results.",
        subcommands: [RunCommand.self, ConvertCommand.self, GenerateCommand.self, PairCommand.self, LobbyCommand.self, QualityCommand.self,
                      TradeCommand.self, BenchCommand.self]
    )
}
