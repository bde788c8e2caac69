import Foundation
import Geo
import Normalize
import PipelineCore

/// Loads the reference location table named by a pipeline (or `convert --locations`, or a benchmark's).
public enum LocationLoader {
    static func load(path: String, resolve: (String) -> URL) throws -> (any PlayerLocator)? {
        try table(at: resolve(path).path, displayPath: path)
    }

    /// The table at `path`; one that cannot be read or parsed is a `PipelineDefinitionError` naming `displayPath`
    /// (`locations.missing`, `locations.invalid`).
    public static func table(at path: String, displayPath: String? = nil) throws(PipelineDefinitionError) -> LocationTable {
        let shown = displayPath ?? path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PipelineDefinitionError(diagnostics: [.error("locations.missing", "cannot read the location table", at: SourceLocation(file: shown))])
        }
        do {
            return try LocationTable(csv: Array(data))
        } catch {
            throw PipelineDefinitionError(diagnostics: [.error("locations.invalid", "\(error)", at: SourceLocation(file: shown))])
        }
    }
}
