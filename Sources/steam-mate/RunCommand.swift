import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner

/// `steam-mate run [PIPELINE]`: runs a pipeline file (default `Pipelines/default.yml`).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a pipeline file and publish Output/<name>/ atomically.",
        discussion: "Exit status: 0 ok, 1 input errors were reported (output still written), 2 bad pipeline file, 3 output not writable."
    )

    @Argument(help: "The pipeline file.")
    var pipeline = "Pipelines/default.yml"

    @Option(help: "Worker threads (0 = all cores); overrides the pipeline file.")
    var threads: Int?

    @Option(help: "Publish into this directory instead of the pipeline's output.")
    var out: String?

    @Flag(help: "No progress display (it is shown only when stderr is a terminal anyway).")
    var quiet = false

    func run() throws {
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
        let log = DiagnosticLog()
        try CommandOutcome.report(log: log) {
            var run = PipelineRun(definition: effective, baseDirectory: cwd)
            run.reportStage = CommandOutcome.printStage
            if let line = ProgressLine.make(quiet: quiet) { run.ingestProgress = line.update }
            return try run.execute(diagnostics: log)
        }
    }
}
