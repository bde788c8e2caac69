import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner
import PlayerModel

/// What the commands that work on a canonical dataset (`pair`, `lobby`) share: reading the dataset and publishing
/// the output directory, each failure printed and turned into its exit status.
enum DatasetCommandIO {
    /// The canonical dataset in `directory`; an unreadable one exits with status 2.
    static func readDataset(_ directory: URL, log: DiagnosticLog) throws -> PlayerDataset {
        do {
            return try CanonicalDatasetReader.read(directory: directory, diagnostics: log)
        } catch {
            DiagnosticPrinter.standardError("error: \(error) [dataset.unreadable]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
    }

    /// Publishes `out` atomically (`write` fills the staging directory), then prints the diagnostics but notes;
    /// an output that cannot be written exits with status 3 and leaves the previous one intact.
    static func publish(to out: String, log: DiagnosticLog, _ write: (URL) throws -> Void) throws {
        do {
            try AtomicPublisher.publish(to: URL(fileURLWithPath: out), writing: write)
        } catch {
            DiagnosticPrinter.printToStandardError(log.sorted())
            DiagnosticPrinter.standardError("error: \(error) [output.failed]\n")
            throw ExitCode(ExitStatus.outputError.rawValue)
        }
        DiagnosticPrinter.printToStandardError(log.sorted().filter { $0.severity != .note })
    }
}
