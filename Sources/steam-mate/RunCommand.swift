import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner
import PipelineSpec

/// `steam-mate run [PIPELINE]`: runs a pipeline file (default `Pipelines/default.yml`).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a pipeline file and publish Output/<name>/ atomically.",
        discussion: "Exit status: 0 ok, 1 input errors were reported (output still written) or nothing usable was read (nothing written), 2 bad pipeline file or option, or an output that is not ours, 3 output busy or not writable."
    )

    @Argument(help: "The pipeline file.")
    var pipeline = "Pipelines/default.yml"

    @Option(help: "Worker threads (0 = all cores); overrides the pipeline file.")
    var threads: Int?

    @Option(help: "Publish into this directory instead of the pipeline's output.")
    var out: String?

    @OptionGroup var publish: PublishFlags

    @OptionGroup var spill: SpillFlags

    @Option(help: "Location table (CSV); overrides the pipeline's 'locations' (default: the shipped table).")
    var locations: String?

    @Flag(help: "Use no location table, whatever the pipeline file says.")
    var noLocations = false

    @Flag(help: "No progress display (it is shown only when stderr is a terminal anyway).")
    var quiet = false

    @Option(parsing: .upToNextOption, help: "Ingest from these convert --partial-facts --names-as-run outputs instead of the input's Steam files (a sharded run's last step).")
    var partialFacts: [String] = []

    @Option(help: "Shard plan (steam-mate plan) of --pair-shard-lists.")
    var pairPlan: String?

    @Option(parsing: .upToNextOption, help: "The pair stage from every shard's pair --shard output instead of scoring here.")
    var pairShardLists: [String] = []

    @Option(help: ArgumentHelp("Start before the shards: after the dataset stage, plan N shards into --pair-plan and publish the dataset's JSON Lines tables into --shard-tables, print 'planned' on stdout, and read the --pair-shard-lists once a line 'lists' arrives on stdin (end of input without it: nothing is published, exit 2).", valueName: "n"))
    var planShards: Int?

    @Option(help: ArgumentHelp("With --plan-shards: where the dataset's JSON Lines tables are published for the shard inputs.", valueName: "dir"))
    var shardTables: String?

    @Flag(help: "With --plan-shards: start the trade stage once the line 'lists' arrives, not beside the shards (for shards that run on this machine's cores, as in Spark's local mode).")
    var tradeAfterLists = false

    @Option(help: ArgumentHelp("Also publish the dataset's tables as Parquet here (<table>/part-NNNNN.parquet, the types the README's Canonical dataset declares), after its other formats.", valueName: "dir"))
    var canonicalParquet: String?

    func run() throws {
        try OptionCheck.require([("--threads", threads.asDouble, OptionRanges.threads)] + publish.rangeChecks + spill.rangeChecks)
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let definition: PipelineDefinition
        do {
            definition = try PipelineFile.load(path: pipeline, baseDirectory: cwd)
        } catch let error as PipelineDefinitionError {
            DiagnosticPrinter.printToStandardError(error.diagnostics)
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        var effective = definition
        if let threads { effective.threads = threads }
        if let out { effective.output = out }
        if let locations { effective.locations = locations }
        if noLocations { effective.locations = "none" }
        if publish.force { effective.force = true }
        if publish.allowEmpty { effective.allowEmpty = true }
        effective.spill = spill.apply(to: effective.spill)
        var job = PipelineRun(definition: effective, baseDirectory: cwd)
        job.lockWait = publish.policy.lockWait
        if let canonicalParquet { job.canonicalParquet = URL(fileURLWithPath: canonicalParquet, relativeTo: cwd).standardizedFileURL }
        if !partialFacts.isEmpty { job.partialFacts = partialFacts.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL } }
        guard (pairPlan == nil) == pairShardLists.isEmpty else {
            DiagnosticPrinter.standardError("error: --pair-plan and --pair-shard-lists go together [pair.shardOptions]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        if let planShards {
            guard let pairPlan, let shardTables else {
                DiagnosticPrinter.standardError("error: --plan-shards needs --pair-plan, --shard-tables and --pair-shard-lists [pair.shardOptions]\n")
                throw ExitCode(ExitStatus.definitionError.rawValue)
            }
            job.shardHandoff = PipelineRun.ShardHandoff(
                shards: planShards, plan: URL(fileURLWithPath: pairPlan, relativeTo: cwd).standardizedFileURL,
                tables: URL(fileURLWithPath: shardTables, relativeTo: cwd).standardizedFileURL,
                lists: pairShardLists.map { URL(fileURLWithPath: $0, relativeTo: cwd).standardizedFileURL },
                planned: { FileHandle.standardOutput.write(Data("planned\n".utf8)) },
                awaitLists: Self.awaitListsLine)
            job.shardHandoff?.tradeAfterLists = tradeAfterLists
        } else if let pairPlan {
            do {
                job.pairShards = try PipelineRun.PairShards.read(plan: URL(fileURLWithPath: pairPlan),
                                                                 lists: pairShardLists.map { URL(fileURLWithPath: $0) })
            } catch let error as PipelineDefinitionError {
                DiagnosticPrinter.printToStandardError(error.diagnostics)
                throw ExitCode(ExitStatus.definitionError.rawValue)
            } catch {
                DiagnosticPrinter.standardError("\(error)\n")
                throw ExitCode(ExitStatus.definitionError.rawValue)
            }
        }
        if (shardTables != nil || tradeAfterLists) && planShards == nil {
            DiagnosticPrinter.standardError("error: --shard-tables and --trade-after-lists go with --plan-shards [pair.shardOptions]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        let log = DiagnosticLog()
        try CommandOutcome.report(log: log) {
            job.reportStage = CommandOutcome.printStage
            if let line = ProgressLine.make(quiet: quiet) {
                job.ingestProgress = line.update
                job.writeProgress = line.update
            }
            return try job.execute(diagnostics: log)
        }
    }

    /// Reads stdin until the line `lists` (the shards' lists are written); its end before that line means they never
    /// will be (the driver stopped or a shard failed).
    @Sendable static func awaitListsLine() throws {
        while let line = readLine() {
            if line.trimmingCharacters(in: .whitespaces) == "lists" { return }
        }
        throw PipelineDefinitionError(diagnostics: [.error("pair.shardsAbandoned",
            "standard input ended before the line 'lists': the shards' lists were never handed over, so nothing is published")])
    }
}
