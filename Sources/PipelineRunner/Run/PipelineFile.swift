import Foundation
import PipelineCore
import PipelineSpec

/// Reads a pipeline file from disk and validates it.
public enum PipelineFile {
    public static func load(path: String, baseDirectory: URL) throws -> PipelineDefinition {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PipelineDefinitionError(diagnostics: [.error("pipeline.missing", "cannot read the pipeline file", at: SourceLocation(file: path))])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PipelineDefinitionError(diagnostics: [.error("pipeline.encoding", "the pipeline file is not UTF-8", at: SourceLocation(file: path, line: 1))])
        }
        let stem = url.deletingPathExtension().lastPathComponent
        return try PipelineDefinitionLoader.load(yaml: text, file: path, defaultName: stem)
    }
}
