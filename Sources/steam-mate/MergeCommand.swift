import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner
import PipelineSpec

/// `steam-mate merge PARTIAL... --out DIR`: the partial facts of `convert --partial-facts` runs → the canonical dataset.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge partial facts (convert --partial-facts over subsets of the input) into the canonical dataset.",
        discussion: "The same tables, diagnostics and summary as one convert of all the subsets' files (given under the same relative paths). Exit status as convert's; 2 also for partial facts that cannot be merged."
    )

    @Argument(help: "Directories written by convert --partial-facts.")
    var paths: [String]

    @Option(help: "Output directory (published atomically).") var out: String
    @Option(help: "Output formats: csv, jsonl or both (comma-separated).") var formats = "csv,jsonl"
    @OptionGroup var location: LocationFlags
    @Option(help: ArgumentHelp("Also plan a sharded pairing of the merged dataset into this directory: what steam-mate plan OUT --shards N --out DIR writes, without reading the dataset back.", valueName: "dir"))
    var plan: String?
    @Option(help: "Shards of --plan.") var shards: Int?
    @OptionGroup(title: "Pairing options (of --plan; --threads also for the merge)") var pairing: PairingFlags
    @OptionGroup var publish: PublishFlags

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one partial-facts directory") }
        guard (plan == nil) == (shards == nil) else { throw ValidationError("--plan and --shards go together") }
        guard !ConvertCommand.parse(formats: formats).isEmpty else { throw ValidationError("--formats takes csv, jsonl or csv,jsonl") }
    }

    func run() throws {
        let threads = pairing.threads ?? 0
        try OptionCheck.require(pairing.rangeChecks + publish.rangeChecks + (shards.map { [PlanCommand.shardsCheck($0)] } ?? []))
        let log = DiagnosticLog()
        let table = location.table(log: log)
        if let plan {
            try DatasetCommandIO.preflight(output: plan, dataset: URL(fileURLWithPath: out), policy: publish.policy)
        }
        try CommandOutcome.report(log: log, published: { outcome in
            guard let plan, let shards, let merged = outcome.heldData as? DatasetIngestor.Result else { return }
            // A fresh log: the plan's diagnostics are those `plan` reading the published dataset would give (none).
            try PlanCommand.publishPlan(of: merged.dataset, libraries: nil, shards: shards, out: plan, pairing: pairing,
                                        policy: publish.policy, log: DiagnosticLog())
        }) {
            try PartialFactsJob.merge(inputs: paths, output: out, formats: ConvertCommand.parse(formats: formats),
                                      locations: table, threads: threads,
                                      baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                      policy: publish.policy, diagnostics: log)
        }
    }
}
