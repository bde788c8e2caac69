import Foundation
import Glibc
import PipelineCore
import Report

/// The run report with its file I/O: renders `report.html` from an output directory (for `run`, from the
/// staging directory just before the manifest; for `steam-mate report`, from a published output) and writes a
/// report file only where it may.
public enum ReportJob {
    /// The report page of the output at `directory`; with `player`, that player's page.
    public static func render(outputDirectory directory: URL, player: String? = nil) throws -> [UInt8] {
        ReportPage.render(try ReportReader.read(directory, player: player))
    }

    /// The run's own report page of the output it just staged in `directory`, with `pairings.csv`'s figures from the
    /// tally taken while it was rendered (nil: scan the file).
    static func render(outputDirectory directory: URL, renderedPairings: ReportReader.PairingScan?) throws -> [UInt8] {
        ReportPage.render(try ReportReader.read(directory, renderedPairings: renderedPairings))
    }

    /// The headline figures of the output a run is about to replace, as the file the new output keeps in
    /// `state/previous_headline.json` (so `steam-mate report` can show the comparison later). Written on every run,
    /// with no figures when there is no previous steam-mate output there, so two runs' trees hold the same files.
    static func previousHeadlineFile(replacing output: URL) -> OutputFile {
        let isOurs = FileManager.default.fileExists(atPath: output.appendingPathComponent("manifest.json").path)
        let headline = (isOurs ? ReportReader.headline(of: output) : nil) ?? HeadlineFigures(figures: [:])
        return OutputFile(path: ReportReader.previousHeadlinePath, bytes: StableJSON.encode(headline))
    }

    /// Where `steam-mate report` writes when no `--out` is given: `report.html` in the output, or
    /// `report-<steamid>.html` for a player page.
    public static func defaultTarget(outputDirectory: URL, player: String?) -> URL {
        outputDirectory.appendingPathComponent(player.map { "report-\($0).html" } ?? "report.html")
    }

    public enum WriteResult: Equatable, Sendable {
        case written
        case unchanged
    }

    /// Renders the report of `outputDirectory` and writes it to `target` atomically (a temporary file beside it,
    /// synced, then renamed), holding the output's lock so a run publishing there meanwhile is not raced.
    /// Refuses (exit 2) when `outputDirectory` is not a steam-mate output or `target` exists and is not a report
    /// this tool wrote (a regular file carrying `ReportPage.generatorMarker`).
    public static func write(outputDirectory: URL, player: String?, target: URL, lockWait: Duration = .seconds(120)) throws -> WriteResult {
        let directory = outputDirectory.standardizedFileURL
        var info = stat()
        guard stat(directory.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
              FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path) else {
            throw PublishRefusal("report.notAnOutput", "not a steam-mate output directory (no manifest.json)", path: outputDirectory.path,
                                 exitStatus: .definitionError)
        }
        let lock = try OutputLock.acquire(for: directory, wait: lockWait)
        defer { withExtendedLifetime(lock) {} }
        let bytes = try render(outputDirectory: directory, player: player)
        if let existing = try checkReplaceable(target) {
            if existing == bytes { return .unchanged }
        }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())")
        do {
            try Data(bytes).write(to: temporary)
            let fd = open(temporary.path, O_RDONLY)
            if fd >= 0 { fsync(fd); close(fd) }
            guard rename(temporary.path, target.path) == 0 else {
                throw PublishRefusal("output.failed", "cannot rename the report into place: \(String(cString: strerror(errno)))",
                                     path: target.path, exitStatus: .outputError)
            }
            try DurableSync.syncDirectory(target.deletingLastPathComponent())
        } catch let refusal as PublishRefusal {
            try? FileManager.default.removeItem(at: temporary)
            throw refusal
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PublishRefusal("output.failed", "cannot write the report: \(AtomicPublisher.describe(error))", path: target.path,
                                 exitStatus: .outputError)
        }
        return .written
    }

    /// The bytes of an existing report at `target` (nil when there is none); throws when something else is there.
    static func checkReplaceable(_ target: URL) throws -> [UInt8]? {
        var info = stat()
        guard lstat(target.path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: target.path),
              String(decoding: data.prefix(512), as: UTF8.self).contains(ReportPage.generatorMarker) else {
            throw PublishRefusal("output.notOurs", "exists and is not a steam-mate report; refusing to replace it", path: target.path,
                                 exitStatus: .definitionError)
        }
        return Array(data)
    }
}
