import ArgumentParser
import Emit
import Foundation
import PipelineCore
import PipelineRunner
import PipelineSpec

/// `steam-mate convert PATH... --out DIR`: Steam files or dataset directories → the canonical dataset.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Steam XML/JSON files and dataset directories into the canonical dataset (CSV + JSON Lines).",
        discussion: "Exit status: 0 ok, 1 input errors were reported (output still written) or nothing usable was read (nothing written), 2 bad option or an output that is not ours, 3 output busy or not writable."
    )

    @Argument(help: "Files or dataset directories.")
    var paths: [String]

    @Option(help: "Output directory (published atomically).")
    var out: String

    @Option(help: "Output formats: csv, jsonl or both (comma-separated).")
    var formats = "csv,jsonl"

    @OptionGroup var location: LocationFlags

    @Option(help: "Worker threads (0 = all cores).")
    var threads = 0

    @OptionGroup var publish: PublishFlags

    @OptionGroup var spill: SpillFlags

    @Flag(help: "No progress display (it is shown only when stderr is a terminal anyway).")
    var quiet = false

    @Flag(help: "Write this subset's partial facts (unresolved, by steamid partition) for `steam-mate merge` instead of tables.")
    var partialFacts = false

    @Option(help: "With --partial-facts: convert only share I of N of the input files (I/N; shares of about equal bytes).")
    var filesShard: String?

    @Option(help: ArgumentHelp("With --files-shard: cut JSON Lines bundles over this many bytes (and over half a share) into "
                               + "pieces of whole lines dealt to different shares.", valueName: "bytes"))
    var minPieceBytes: Int = PartialFactsJob.defaultMinPieceBytes

    @Flag(help: "With --partial-facts: name files relative to the input directory, as run does (for run --partial-facts).")
    var namesAsRun = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one file or directory") }
        guard !parsedFormats.isEmpty else { throw ValidationError("--formats takes csv, jsonl or csv,jsonl") }
    }

    var parsedFormats: [TableFormat] { Self.parse(formats: formats) }

    /// `csv`, `jsonl` or `csv,jsonl` as formats; empty when any name is unknown.
    static func parse(formats: String) -> [TableFormat] {
        let names = formats.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let parsed = names.compactMap(TableFormat.init(rawValue:))
        return parsed.count == names.count ? TableFormat.allCases.filter(parsed.contains) : []
    }

    func run() throws {
        try OptionCheck.require([("--threads", Double(threads), OptionRanges.threads),
                                 ("--min-piece-bytes", Double(minPieceBytes), OptionRanges.minPieceBytes)]
                                + publish.rangeChecks + spill.rangeChecks)
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let log = DiagnosticLog()
        var share: (index: Int, count: Int)?
        if let filesShard {
            guard partialFacts, let parsed = OptionCheck.shareIndex(filesShard, maxCount: 100_000) else {
                DiagnosticPrinter.standardError("error: --files-shard takes I/N with 0 ≤ I < N, and needs --partial-facts [convert.filesShard]\n")
                throw ExitCode(ExitStatus.definitionError.rawValue)
            }
            share = parsed
        }
        if partialFacts {
            // Coordinates are filled when the facts are merged (`merge --locations`), not here.
            guard location.locations == nil, !location.noLocations else {
                DiagnosticPrinter.standardError("error: --locations and --no-locations apply to merge, not to --partial-facts [convert.partialLocations]\n")
                throw ExitCode(ExitStatus.definitionError.rawValue)
            }
            do {
                let entries = try PartialFactsJob.convert(inputs: paths, output: out, threads: threads, baseDirectory: cwd,
                                                          policy: publish.policy, filesShard: share, minPieceBytes: minPieceBytes,
                                                          namesAsRun: namesAsRun,
                                                          diagnostics: log)
                DiagnosticPrinter.printToStandardError(log.sorted().filter { $0.severity != .note })
                DiagnosticPrinter.standardError("convert: partial facts → \(out) (\(entries.count) files)\n")
            } catch {
                throw OptionCheck.publishFailure(error, diagnostics: log.sorted())
            }
            if log.hasErrors { throw ExitCode(ExitStatus.inputErrors.rawValue) }
            return
        }
        let table = location.table(log: log)
        var job = ConvertJob(inputs: paths, output: out, formats: parsedFormats, locations: table, threads: threads,
                             baseDirectory: cwd)
        job.policy = publish.policy
        job.spill = spill.apply(to: SpillSettings())
        try CommandOutcome.report(log: log) {
            job.reportStage = CommandOutcome.printStage
            if let line = ProgressLine.make(quiet: quiet) { job.ingestProgress = line.update }
            return try job.execute(diagnostics: log)
        }
    }
}
