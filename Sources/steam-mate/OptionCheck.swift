import ArgumentParser
import PipelineCore
import PipelineRunner
import PipelineSpec

/// Command-line checks shared by the subcommands: numeric flags against `OptionRanges` (the same ranges as
/// the pipeline keys; exit 2 with `[option.outOfRange]`) and the ending of a refused or failed publish.
enum OptionCheck {
    static func require(_ flags: [(flag: String, value: Double?, range: NumericRange)]) throws {
        let problems = OptionRanges.check(flags)
        guard !problems.isEmpty else { return }
        DiagnosticPrinter.printToStandardError(problems)
        throw ExitCode(ExitStatus.definitionError.rawValue)
    }

    /// `I/N` (as `--shard` and `--files-shard` take it) with 1 ≤ N ≤ `maxCount` and 0 ≤ I < N; nil otherwise.
    static func shareIndex(_ text: String, maxCount: Int) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), (1...maxCount).contains(n), (0..<n).contains(i) else {
            return nil
        }
        return (i, n)
    }

    /// Prints why a publish failed (after the run's diagnostics) and returns the exit code: the refusal's own
    /// status, or 3 for any other write error.
    static func publishFailure(_ error: any Error, diagnostics: [Diagnostic]) -> ExitCode {
        if let refusal = error as? PublishRefusal {
            DiagnosticPrinter.printToStandardError(diagnostics.filter { $0.severity != .note } + [refusal.diagnostic])
            return ExitCode(refusal.exitStatus.rawValue)
        }
        DiagnosticPrinter.printToStandardError(diagnostics.filter { $0.severity != .note })
        DiagnosticPrinter.standardError("error: cannot write the output: \(AtomicPublisher.describe(error)) [output.failed]\n")
        return ExitCode(ExitStatus.outputError.rawValue)
    }
}

extension Optional where Wrapped == Int {
    var asDouble: Double? { map(Double.init) }
}
