import Emit
import PipelineCore

/// Turns a run's tables and extra files into the published file set: the tables in every requested
/// format, `diagnostics.json`, `run_summary.json`, and last `manifest.json` (sizes, sha256, row counts).
enum OutputAssembler {
    static func assemble(tables: [Table], extraFiles: [OutputFile], formats: [TableFormat], summary: RunSummary,
                         diagnostics sorted: [Diagnostic]) -> [OutputFile] {
        var outputs = TableFiles.render(tables, formats: formats) + extraFiles
        outputs.append(OutputFile(path: "diagnostics.json", bytes: StableJSON.encode(DiagnosticsFile(sorted))))
        outputs.append(OutputFile(path: "run_summary.json", bytes: StableJSON.encode(summary)))
        var rowCounts: [String: Int] = [:]
        for table in tables {
            for format in formats { rowCounts["\(table.name).\(format.fileExtension)"] = table.rows.count }
        }
        outputs.append(OutputFile(path: "manifest.json",
                                  bytes: RunManifest.make(pipeline: summary.pipeline, files: outputs, rowCounts: rowCounts).encoded()))
        return outputs
    }
}
