import ArgumentParser
import Emit
import Foundation
import PipelineCore
import PipelineRunner

/// `steam-mate convert PATH... --out DIR`: Steam files or dataset directories → the canonical dataset.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Steam XML/JSON files and dataset directories into the canonical dataset (CSV + JSON Lines).",
        discussion: "Exit status: 0 ok, 1 input errors were reported (output still written), 3 output not writable."
    )

    @Argument(help: "Files or dataset directories.")
    var paths: [String]

    @Option(help: "Output directory (published atomically).")
    var out: String

    @Option(help: "Output formats: csv, jsonl or both (comma-separated).")
    var formats = "csv,jsonl"

    @Option(help: "Location table (CSV) used to fill latitude/longitude.")
    var locations: String?

    @Option(help: "Worker threads (0 = all cores).")
    var threads = 0

    @Flag(help: "No progress display (it is shown only when stderr is a terminal anyway).")
    var quiet = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one file or directory") }
        guard !parsedFormats.isEmpty else { throw ValidationError("--formats takes csv, jsonl or csv,jsonl") }
    }

    var parsedFormats: [TableFormat] {
        let names = formats.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let parsed = names.compactMap(TableFormat.init(rawValue:))
        return parsed.count == names.count ? TableFormat.allCases.filter(parsed.contains) : []
    }

    func run() throws {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let log = DiagnosticLog()
        try CommandOutcome.report(log: log) {
            var job = ConvertJob(inputs: paths, output: out, formats: parsedFormats, locations: locations, threads: threads,
                                 baseDirectory: cwd)
            job.reportStage = CommandOutcome.printStage
            if let line = ProgressLine.make(quiet: quiet) { job.ingestProgress = line.update }
            return try job.execute(diagnostics: log)
        }
    }
}
