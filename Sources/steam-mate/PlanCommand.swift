import ArgumentParser
import Foundation
import Pairing
import PipelineCore
import PipelineRunner
import PipelineSpec
import PlayerModel

/// `steam-mate plan DATASET --shards N --out DIR`: splits pairing into N shards for `pair --shard I/N`.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan a sharded pairing run: grid cells to shards by estimated work, and which players each shard reads.",
        discussion: """
            Then, for each I in 0…N-1 (on any machines): steam-mate pair DATASET_I --plan DIR --shard I/N --out SHARD_I
            (DATASET_I: the dataset, or only the players player_shards.csv gives shard I), and finally
            steam-mate pair DATASET --plan DIR --shard-lists SHARD_0 … SHARD_N-1 --out OUT, which publishes what
            steam-mate pair DATASET --out OUT would. Give all three the same pairing options. (steam-mate merge
            --plan DIR --shards N writes the same plan from the dataset it merges, without reading it back.)
            """
    )

    @Argument(help: "Canonical dataset directory (the whole population).")
    var dataset: String

    @Option(help: "Number of shards.") var shards: Int
    @Option(help: "Output directory: plan.json, player_shards.csv.") var out: String
    @OptionGroup var pairing: PairingFlags
    @OptionGroup var publish: PublishFlags

    func run() throws {
        try OptionCheck.require(pairing.rangeChecks + publish.rangeChecks + [Self.shardsCheck(shards)])
        let log = DiagnosticLog()
        let root = URL(fileURLWithPath: dataset)
        try DatasetCommandIO.preflight(output: out, dataset: root, policy: publish.policy)
        let (players, libraries) = try DatasetCommandIO.readPairingDataset(root, log: log)
        try Self.publishPlan(of: players, libraries: libraries, shards: shards, out: out, pairing: pairing, policy: publish.policy, log: log)
        if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
    }

    static func shardsCheck(_ shards: Int) -> (flag: String, value: Double?, range: NumericRange) {
        ("--shards", Double(shards), NumericRange(1, Double(PairingShardPlan.maxShards), integer: true))
    }

    /// Plans `dataset` into `shards` shards, publishes `plan.json` and `player_shards.csv` in `out` and prints the
    /// plan's one-line summary.
    static func publishPlan(of dataset: PlayerDataset, libraries: GameLibraryColumns?, shards: Int, out: String,
                            pairing: PairingFlags, policy: PublishPolicy, log: DiagnosticLog) throws {
        let (plan, needs) = PairingJob.plan(dataset: dataset, config: pairing.config, libraries: libraries, shards: shards)
        try DatasetCommandIO.publish(to: out, policy: policy, log: log) { staging in
            try PairingShardFiles.writePlan(plan, needs: needs, diagnostics: log.sorted(), into: staging,
                                            workers: pairing.config.threads)
        }
        let work = plan.shardWork
        let total = max(1, work.reduce(0, +))
        let cut = plan.cells.filter { $0.shards.count > 1 }.count
        DiagnosticPrinter.standardError("plan: \(shards) shards over \(plan.cells.count) cells (\(cut) cut into slices), pool \(plan.poolPlayers) players; "
            + "largest shard \(String(format: "%.1f", 100 * Double(work.max() ?? 0) / Double(total))) % of the estimated work; "
            + "player rows \(needs.count)\n")
    }
}
