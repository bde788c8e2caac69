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
    @Option(help: "Worker threads (0 = all cores).") var threads = 0
    @OptionGroup var publish: PublishFlags

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one partial-facts directory") }
        guard !ConvertCommand.parse(formats: formats).isEmpty else { throw ValidationError("--formats takes csv, jsonl or csv,jsonl") }
    }

    func run() throws {
        try OptionCheck.require([("--threads", Double(threads), OptionRanges.threads)] + publish.rangeChecks)
        let log = DiagnosticLog()
        let table = location.table(log: log)
        try CommandOutcome.report(log: log) {
            try PartialFactsJob.merge(inputs: paths, output: out, formats: ConvertCommand.parse(formats: formats),
                                      locations: table, threads: threads,
                                      baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                      policy: publish.policy, diagnostics: log)
        }
    }
}
