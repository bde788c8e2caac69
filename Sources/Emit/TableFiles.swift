import PipelineCore

/// Output formats a table can be written in.
public enum TableFormat: String, Sendable, CaseIterable, Codable {
    case csv
    case jsonl

    public var fileExtension: String { rawValue }
}

/// Renders tables into output files (`<prefix><name>.<ext>` per requested format).
public enum TableFiles {
    public static func render(_ tables: [Table], formats: [TableFormat], prefix: String = "") -> [OutputFile] {
        var files: [OutputFile] = []
        for table in tables {
            for format in formats {
                let bytes = format == .csv ? CSVWriter.render(table) : JSONLinesWriter.render(table)
                files.append(OutputFile(path: "\(prefix)\(table.name).\(format.fileExtension)", bytes: bytes))
            }
        }
        return files
    }
}
