import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner
import PlayerModel

/// What the commands that work on a canonical dataset (`pair`, `lobby`) share: refusing an output that is not
/// ours or overlaps the input before any work, reading the dataset, and publishing the output directory under
/// the publish policy, each failure printed and turned into its exit status.
enum DatasetCommandIO {
    /// Refuses (exit 2) an output that is not a previous steam-mate output, or that overlaps the dataset.
    static func preflight(output out: String, dataset: URL, policy: PublishPolicy) throws {
        do {
            try OutputGuard.preflight(output: URL(fileURLWithPath: out), inputs: [dataset], policy: policy, displayPath: out)
        } catch {
            throw OptionCheck.publishFailure(error, diagnostics: [])
        }
    }

    /// The canonical dataset in `directory`; an unreadable one exits with status 2.
    static func readDataset(_ directory: URL, log: DiagnosticLog, lineRuns: DatasetLineRuns? = nil) throws -> PlayerDataset {
        do {
            return try CanonicalDatasetReader.read(directory: directory, diagnostics: log, lineRuns: lineRuns)
        } catch {
            DiagnosticPrinter.standardError("error: \(error) [dataset.unreadable]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
    }

    /// What pairing reads (`PairingDatasetReader`): the game libraries as columns, or nil in `libraries` and the
    /// rows in the dataset when a playtime does not fit the columns.
    /// `lineRuns`: only these runs of lines of the tables (`pair --shard --line-runs`).
    static func readPairingDataset(_ directory: URL, log: DiagnosticLog,
                                   lineRuns: DatasetLineRuns? = nil) throws -> (PlayerDataset, GameLibraryColumns?) {
        let pass = DiagnosticLog()
        do {
            if let contents = try PairingDatasetReader.read(directory: directory, diagnostics: pass, lineRuns: lineRuns) {
                for diagnostic in pass.all { log.emit(diagnostic) }
                return (contents.dataset, contents.libraries)
            }
        } catch {
            DiagnosticPrinter.standardError("error: \(error) [dataset.unreadable]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        // The general reader reports the same rows again, so what the fast pass reported is dropped.
        return (try readDataset(directory, log: log, lineRuns: lineRuns), nil)
    }

    /// Publishes `out` atomically (`write` fills the staging directory), then prints the diagnostics but notes;
    /// an output that cannot be written exits with status 3 (a refusal with its own status) and leaves the
    /// previous one intact.
    static func publish(to out: String, policy: PublishPolicy, log: DiagnosticLog, _ write: (URL) throws -> Void) throws {
        do {
            try AtomicPublisher.publish(to: URL(fileURLWithPath: out), policy: policy, writing: write)
        } catch {
            throw OptionCheck.publishFailure(error, diagnostics: log.sorted())
        }
        DiagnosticPrinter.printToStandardError(log.sorted().filter { $0.severity != .note })
    }
}
