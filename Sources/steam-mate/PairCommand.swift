import ArgumentParser
import Foundation
import Pairing
import PipelineCore
import PipelineRunner
import PipelineSpec
import PlayerModel

/// `steam-mate pair DATASET --k 20 --out DIR`: every player's best pairings, plus matches from decisions.
struct PairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Propose each player's k best pairings and turn mutual accepts into matches."
    )

    @Argument(help: "Canonical dataset directory (players.jsonl, player_games.jsonl, friendships.jsonl, preferences.jsonl).")
    var dataset: String

    @Option(help: "Output directory.") var out: String
    @Option(help: "The app's decision log (default: DATASET/decisions.jsonl when present).") var decisions: String?
    @Option(help: "The previous run's state directory (OUT_OF_PREVIOUS_RUN/state).") var state: String?
    @OptionGroup var pairing: PairingFlags
    @Option(help: "Shard plan directory (`steam-mate plan`), for --shard or --shard-lists.") var plan: String?
    @Option(help: "Score only shard I of the plan's N (written as I/N): the shard's lists go to --out, for --shard-lists.")
    var shard: String?
    @Option(parsing: .upToNextOption, help: "Every shard's --shard output: merge them into the output a whole run gives.")
    var shardLists: [String] = []
    @Option(help: ArgumentHelp("With --shard: read only these runs of lines of DATASET's tables (CSV `table,start,end`, byte ranges of whole lines; what the Spark driver writes from its shard inputs).", valueName: "file"))
    var lineRuns: String?
    @OptionGroup var publish: PublishFlags
    @Flag(help: "No progress display (it is shown only when stderr is a terminal anyway).")
    var quiet = false

    func run() throws {
        try OptionCheck.require(pairing.rangeChecks + publish.rangeChecks)
        let log = DiagnosticLog()
        let root = URL(fileURLWithPath: dataset)
        let sharded = try shardMode()
        let runs = try lineRunsOption()
        try DatasetCommandIO.preflight(output: out, dataset: root, policy: publish.policy)
        let (players, libraries) = try DatasetCommandIO.readPairingDataset(root, log: log, lineRuns: runs)
        let config = pairing.config
        let decisionsURL = decisions.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("decisions.jsonl")
        let decisionLog = PairingJob.readDecisions(decisionsURL, sink: log)
        let previousState = state.map { URL(fileURLWithPath: $0) }
        if case .shard(let plan, let sha, let index) = sharded {
            let lists = try failingClearly {
                try PairingJob.pairShard(dataset: players, decisions: decisionLog, previousState: previousState, config: config,
                                         sink: log, libraries: libraries, plan: plan, shard: index)
            }
            try DatasetCommandIO.publish(to: out, policy: publish.policy, log: log) { staging in
                try PairingShardFiles.writeShard(lists, planSHA256: sha, diagnostics: log.sorted(), into: staging,
                                                 workers: config.threads)
            }
            DiagnosticPrinter.standardError("shard \(index)/\(plan.shards): players scored \(lists.players.count), "
                + "candidates \(lists.candidates.count), postings scanned \(lists.counters.postingsScanned)\n")
            if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
            return
        }
        let output: PairingRun.Output
        if case .union(let shards) = sharded {
            // Each shard's lists are read while the one before is merged.
            let prefetch = ShardListsPrefetch(count: shards.directories.count) {
                try PairingShardFiles.readShard(shards.directories[$0], planSHA256: shards.planSHA256)
            }
            defer { prefetch.drain() }
            output = try failingClearly {
                try PairingJob.pair(dataset: players, decisions: decisionLog, previousState: previousState, config: config,
                                    sink: log, libraries: libraries, shardCount: shards.directories.count, plan: shards.plan,
                                    load: prefetch.load)
            }
        } else {
            output = PairingJob.pair(dataset: players, decisions: decisionLog, previousState: previousState, config: config,
                                     sink: log, libraries: libraries)
        }
        try DatasetCommandIO.publish(to: out, policy: publish.policy, log: log) { staging in
            try PairingJob.writeOutputs(output, diagnostics: log.sorted(), into: staging, workers: config.threads,
                                        progress: ProgressLine.make(quiet: quiet)?.update)
        }
        let s = output.summary
        let reasons = s.unpairedByReason.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let unpaired = s.players - s.playersPaired
        DiagnosticPrinter.standardError("players \(s.players), paired \(s.playersPaired), no pairings \(unpaired)"
            + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))")
            + ", pairings \(s.pairings), matches \(s.matchesTotal) (new \(s.matchesNew))\n")
        if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
    }

    private enum ShardMode {
        case whole
        case shard(PairingShardPlan, sha256: String, index: Int)
        /// The plan and the shards' directories, their headers checked; the lists are read one shard at a time.
        case union(PipelineRun.PairShards)
    }

    /// Which run the options ask for, with the plan (and shard lists) read; a bad combination or file exits 2.
    private func shardMode() throws -> ShardMode {
        guard shard != nil || !shardLists.isEmpty || plan != nil else { return .whole }
        guard let plan, shard == nil || shardLists.isEmpty else {
            DiagnosticPrinter.standardError("error: --shard and --shard-lists each need --plan, and exclude each other [pair.shardOptions]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        if let shard {
            let (loaded, sha) = try failingClearly { try PairingShardFiles.readPlan(URL(fileURLWithPath: plan)) }
            guard let (i, n) = OptionCheck.shareIndex(shard, maxCount: PairingShardPlan.maxShards), n == loaded.shards else {
                DiagnosticPrinter.standardError("error: --shard \(shard) is not I/N with N = the plan's \(loaded.shards) shards and 0 ≤ I < N [pair.shardOptions]\n")
                throw ExitCode(ExitStatus.definitionError.rawValue)
            }
            return .shard(loaded, sha256: sha, index: i)
        }
        guard !shardLists.isEmpty else {
            DiagnosticPrinter.standardError("error: --plan needs --shard I/N or --shard-lists DIR... [pair.shardOptions]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        return .union(try failingClearly {
            try PipelineRun.PairShards.read(plan: URL(fileURLWithPath: plan), lists: shardLists.map { URL(fileURLWithPath: $0) })
        })
    }

    /// `--line-runs`, read (with `--shard` only: a whole run or a union reads every line); a bad file exits 2.
    private func lineRunsOption() throws -> DatasetLineRuns? {
        guard let lineRuns else { return nil }
        guard shard != nil else {
            DiagnosticPrinter.standardError("error: --line-runs needs --shard I/N [pair.shardOptions]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        do {
            return try DatasetLineRuns.read(URL(fileURLWithPath: lineRuns))
        } catch let error as DatasetLineRuns.ReadError {
            DiagnosticPrinter.printToStandardError([.error("pair.lineRuns", error.message,
                                                           at: SourceLocation(file: error.file, line: error.line))])
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
    }

    /// Runs `body`; an error it throws is printed (`path:line: error: … [code]` when it has one) and exits 2.
    private func failingClearly<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let exit as ExitCode { throw exit } catch let refusal as PipelineDefinitionError {
            DiagnosticPrinter.printToStandardError(refusal.diagnostics)
            throw ExitCode(ExitStatus.definitionError.rawValue)
        } catch {
            let text = "\(error)"
            let code = (error as? PairingRun.ShardError)?.code ?? (error is BulkPairer.ShardUnionError ? "pair.shardUnion" : "pair.shards")
            DiagnosticPrinter.standardError(text.contains(": error: ") ? "\(text)\n" : "error: \(text) [\(code)]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
    }
}
