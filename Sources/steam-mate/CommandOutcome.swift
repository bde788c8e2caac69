import ArgumentParser
import Glibc
import PipelineCore
import PipelineRunner
import PipelineSpec

/// Shared ending of `run` and `convert`: diagnostics and the summary on stderr, then the exit status.
enum CommandOutcome {
    /// One `timing:` line per finished stage on stderr (also recorded in `.<output>.timings.json`).
    @Sendable static func printStage(_ stage: StageTimings.Stage) {
        DiagnosticPrinter.standardError(stage.line + "\n")
    }

    /// Runs `body`, then `published` (further work on the published outcome, e.g. `merge --plan`; it may throw an
    /// `ExitCode`), then prints and exits.
    static func report(log: DiagnosticLog, published: (PipelineRun.Outcome) throws -> Void = { _ in },
                       _ body: () throws -> PipelineRun.Outcome) throws {
        let outcome: PipelineRun.Outcome
        do {
            outcome = try body()
        } catch let refusal as PublishRefusal {
            throw OptionCheck.publishFailure(refusal, diagnostics: log.sorted())
        } catch let error as PipelineDefinitionError {
            DiagnosticPrinter.printToStandardError(log.sorted() + error.diagnostics)
            throw ExitCode(ExitStatus.definitionError.rawValue)
        } catch {
            throw OptionCheck.publishFailure(error, diagnostics: log.sorted())
        }
        try published(outcome)
        // Notes (e.g. a private library read as 'games unknown') go to diagnostics.json only.
        DiagnosticPrinter.printToStandardError(outcome.diagnostics.filter { $0.severity != .note })
        DiagnosticPrinter.standardError("\(outcome.summary.line)\n→ \(outcome.outputDirectory.path) (\(outcome.files.count) files)\n")
        // Everything is published and printed: exit now, with the dataset still held (`heldData`), rather than
        // free millions of rows one by one on the way out.
        withExtendedLifetime(outcome) {
            exit(outcome.summary.errors > 0 ? ExitStatus.inputErrors.rawValue : ExitStatus.success.rawValue)
        }
    }
}
