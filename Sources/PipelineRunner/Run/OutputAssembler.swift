import Emit
import Foundation
import PipelineCore

/// Writes a run's output set into the staging directory it is given: the tables in every requested
/// format (streamed, hashed while written), the extra files, `diagnostics.json`, `run_summary.json`, then (for
/// `run`) `report.html` rendered from what was just staged, and last `manifest.json` (sizes, sha256, row
/// counts), which is built from the checksums taken on the way. Files staged before (`written`: a run writes the
/// dataset's tables before its later stages) are listed in the manifest with the rest.
enum OutputAssembler {

    static func write(tables: [StreamedTable], extraFiles: [OutputFile], formats: [TableFormat], summary: RunSummary,
                      diagnostics sorted: [Diagnostic], report: Bool = false, pairingReport: PairingReportTally? = nil,
                      into staging: URL, workers: Int = 0, written earlier: [RunManifest.Entry] = [],
                      progress: (@Sendable (TableWriteProgress) -> Void)? = nil) throws -> [RunManifest.Entry] {
        let small = extraFiles + [
            OutputFile(path: "diagnostics.json", bytes: StableJSON.encode(DiagnosticsFile(sorted))),
            OutputFile(path: "run_summary.json", bytes: StableJSON.encode(summary)),
        ]
        var entries = try earlier + writeFiles(tables: tables, files: small, formats: formats, into: staging, workers: workers,
                                               progress: progress)
        if report {
            // `pairings.csv` was tallied as it was rendered (only when CSV is written: the report reads the CSV).
            let rendered = formats.contains(.csv) ? pairingReport?.scan : nil
            let page = OutputFile(path: "report.html", bytes: try ReportJob.render(outputDirectory: staging, renderedPairings: rendered))
            entries.append(try StreamingTableWriter.write(page, into: staging))
        }
        return try writeManifest(entries, pipeline: summary.pipeline, into: staging)
    }

    /// Writes the tables in every format (streamed, hashed while written, `workers` render threads, 0 = all
    /// cores) and the files already in memory; returns their manifest entries in writing order.
    static func writeFiles(tables: [StreamedTable], files: [OutputFile], formats: [TableFormat], into staging: URL,
                           workers: Int = 0, progress: (@Sendable (TableWriteProgress) -> Void)? = nil) throws -> [RunManifest.Entry] {
        var entries: [RunManifest.Entry] = []
        var done = TableWriteProgress(chunksDone: 0, chunks: tables.reduce(0) { $0 + $1.chunkCount }, bytesWritten: 0)
        for table in tables {
            entries += try StreamingTableWriter.write(table, formats: formats, into: staging, workers: workers) { bytes in
                done.chunksDone += 1
                done.bytesWritten += bytes
                progress?(done)
            }
        }
        for file in files { entries.append(try StreamingTableWriter.write(file, into: staging)) }
        return entries
    }

    /// Writes `manifest.json` last, from the entries of everything already written (sorted by path); returns
    /// those entries followed by the manifest's own.
    static func writeManifest(_ written: [RunManifest.Entry], pipeline: String, into staging: URL) throws -> [RunManifest.Entry] {
        var entries = written.sorted { $0.path < $1.path }
        let manifest = RunManifest(pipeline: pipeline, files: entries)
        entries.append(try StreamingTableWriter.write(OutputFile(path: "manifest.json", bytes: manifest.encoded()), into: staging))
        return entries
    }

    /// Publishes the output set at `target` atomically under `policy` (see `AtomicPublisher`); returns every file's entry.
    static func publish(tables: [StreamedTable], extraFiles: [OutputFile], formats: [TableFormat], summary: RunSummary,
                        diagnostics sorted: [Diagnostic], report: Bool = false, pairingReport: PairingReportTally? = nil,
                        to target: URL, policy: PublishPolicy, workers: Int = 0,
                        progress: (@Sendable (TableWriteProgress) -> Void)? = nil) throws -> [RunManifest.Entry] {
        var entries: [RunManifest.Entry] = []
        try AtomicPublisher.publish(to: target, policy: policy) { staging in
            entries = try write(tables: tables, extraFiles: extraFiles, formats: formats, summary: summary,
                                diagnostics: sorted, report: report, pairingReport: pairingReport, into: staging,
                                workers: workers, progress: progress)
        }
        return entries
    }
}
