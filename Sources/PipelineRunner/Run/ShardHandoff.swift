import Emit
import Foundation
import Glibc
import Pairing
import PipelineCore
import PipelineSpec
import PlayerModel
import Synchronization

extension PipelineRun {
    /// A sharded run's last step started before its shards (`run --plan-shards N`): the run merges the facts once, and
    /// from the dataset it holds publishes the shard plan and the dataset's JSON Lines tables for the shard inputs, says
    /// so (`planned`), runs the stages that do not need pairing (`trade`) and prepares the union while the shards
    /// score, and merges their lists once `awaitLists` returns. Without it a sharded run merged the facts twice (once
    /// for the plan and the shard inputs, once in its last step) and ran `trade` after the shards.
    public struct ShardHandoff: Sendable {
        public var shards: Int
        /// Where the plan is published (`plan.json`, `player_shards.csv`: what `steam-mate plan` writes).
        public var plan: URL
        /// Where the dataset's JSON Lines tables are published (hard links to the run's staged files where the
        /// filesystem allows, else copies), with a `manifest.json` of them.
        public var tables: URL
        /// The shards' list directories, by shard index, read only after `awaitLists`.
        public var lists: [URL]
        /// Called once the plan and the tables are published (the CLI prints `planned` on stdout).
        public var planned: @Sendable () -> Void
        /// Returns once the shards' lists are written; throws (a `PipelineDefinitionError`) when they never will be.
        public var awaitLists: @Sendable () throws -> Void
        /// Start the `trade` stage once the lists are handed over, not beside the shards: where the shards run on the
        /// run's own cores (Spark's local mode) trade would take them from the shards, while the union's reading of the
        /// lists, one shard at a time, leaves a core free for it. On a cluster the run's cores are idle while the
        /// executors score, so trade runs then (the default).
        public var tradeAfterLists = false

        public init(shards: Int, plan: URL, tables: URL, lists: [URL], planned: @escaping @Sendable () -> Void,
                    awaitLists: @escaping @Sendable () throws -> Void) {
            self.shards = shards
            self.plan = plan
            self.tables = tables
            self.lists = lists
            self.planned = planned
            self.awaitLists = awaitLists
        }

        /// Refused before any work: a run without a pair stage has nothing to hand off, and the lists must be one
        /// directory per shard.
        func check(_ definition: PipelineDefinition) throws {
            guard definition.has(.pair) else {
                throw PipelineDefinitionError(diagnostics: [.error("pair.shardOptions", "--plan-shards needs a pipeline with a pair stage")])
            }
            guard (1...PairingShardPlan.maxShards).contains(shards), lists.count == shards else {
                throw PipelineDefinitionError(diagnostics: [.error("pair.shardOptions",
                    "--plan-shards \(shards) needs one --pair-shard-lists directory per shard (got \(lists.count))")])
            }
        }

        /// The plan and who reads what.
        typealias Planned = (plan: PairingShardPlan, needs: [(steamID: SteamID64, shard: Int, role: PairingShardPlan.Role)])

        /// Starts planning `dataset` into `shards` on a thread of its own (stage `plan`), so the run writes the
        /// dataset's JSON Lines meanwhile. The thread lets go of the dataset before it finishes, so the run's later
        /// changes to it (`releaseGameRows`) copy nothing.
        func startPlanning(dataset: PlayerDataset, config: PairingConfig) -> BackgroundStage<SendableValue<Planned>> {
            let loan = DatasetLoan(dataset)
            let shards = shards
            return BackgroundStage("plan") {
                let planned = PairingJob.plan(dataset: loan.take(), config: config, shards: shards)
                return SendableValue(planned)
            }
        }

        /// Publishes the plan and the tables (`datasetEntries`: the dataset stage's files in `staging`; a table not
        /// staged as JSON Lines is written for the shards here from `dataset`), calls `planned`, and returns the pair
        /// stage's shards: the plan as the shards will read it, and a gate that waits for their lists.
        func publish(_ made: Planned, dataset: PlayerDataset, datasetEntries: [RunManifest.Entry], staging: URL,
                     pipeline: String, policy: PublishPolicy, workers: Int) throws -> PairShards {
            let (plan, needs) = made
            try AtomicPublisher.publish(to: self.plan, policy: policy) { into in
                try PairingShardFiles.writePlan(plan, needs: needs, diagnostics: [], into: into, workers: workers)
            }
            try AtomicPublisher.publish(to: tables, policy: policy) { into in
                var linked = datasetEntries.filter { $0.path.hasSuffix(".jsonl") && !$0.path.contains("/") }
                for entry in linked {
                    try Self.link(staging.appendingPathComponent(entry.path), to: into.appendingPathComponent(entry.path))
                }
                if linked.isEmpty {
                    linked = try OutputAssembler.writeFiles(tables: DatasetTables.streamedTables(for: dataset), files: [],
                                                            formats: [.jsonl], into: into, workers: workers)
                }
                _ = try OutputAssembler.writeManifest(linked, pipeline: pipeline, into: into)
            }
            planned()
            // The plan read back as every shard reads it: its SHA-256 is what their headers must name.
            let (written, sha) = try PairingShardFiles.readPlan(self.plan)
            let lists = lists, awaitLists = awaitLists
            var shards = PairShards(plan: written, planSHA256: sha, directories: lists)
            let gate = tradeAfterLists ? OneShotGate() : nil
            shards.listsHandedOver = gate
            shards.ready = {
                defer { gate?.open() }
                try awaitLists()
                return try PairShards.byShard(lists, plan: written, planSHA256: sha)
            }
            return shards
        }

        /// A hard link to `source` at `target`, or a copy where the filesystem refuses links (another device).
        static func link(_ source: URL, to target: URL) throws {
            if Glibc.link(source.path, target.path) == 0 { return }
            try FileManager.default.copyItem(at: source, to: target)
        }
    }
}

/// A value handed to another thread once (a plan and its rows are not marked `Sendable`, but only one thread holds
/// them at a time: the planning thread until it finishes, then the run).
struct SendableValue<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The dataset lent to the planning thread: taken once, so the thread's copy is gone when the thread is done with it.
final class DatasetLoan: Sendable {
    private let slot: Mutex<PlayerDataset?>

    init(_ dataset: PlayerDataset) { slot = Mutex(dataset) }

    func take() -> PlayerDataset {
        slot.withLock { slot in
            defer { slot = nil }
            return slot!
        }
    }
}
