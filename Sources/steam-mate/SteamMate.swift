import ArgumentParser

@main
struct SteamMate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steam-mate",
        abstract: "Steam Mate's batch pipeline: ingest Steam data, pair players, find trades, emit results.",
        discussion: """
            Your first hour:
              1. steam-mate convert exports/ --out canonical/     (Steam XML/JSON → canonical dataset; locations
                 from the shipped Data/reference/steam-locations.csv unless --locations PATH or --no-locations)
              2. steam-mate pair canonical/ --k 10 --out pairs/  (stderr says who got no pairings, and why)
              3. steam-mate show STEAMID pairs/                  (one player's pairings, matches and trades, with reasons)
              4. steam-mate quality canonical/                   (pairing vs popularity vs a plain cosine)
            """,
        subcommands: [RunCommand.self, FetchCommand.self, ConvertCommand.self, GenerateCommand.self, PairCommand.self, PlanCommand.self, MergeCommand.self, LobbyCommand.self, QualityCommand.self,
                      TradeCommand.self, ShowCommand.self, ReportCommand.self, BenchCommand.self]
    )
}
