import Foundation
import Geo
import Normalize
import PipelineCore
import PipelineSpec

/// Loads the reference location table named by a pipeline (or `convert --locations`, or a benchmark's).
public enum LocationLoader {
    static func load(path: String, resolve: (String) -> URL) throws -> (any PlayerLocator)? {
        try table(at: resolve(path).path, displayPath: path)
    }

    /// `load` on a thread of its own (`DeferredLocator`); a file that cannot be read fails here, at once.
    static func loadInBackground(path: String, resolve: (String) -> URL) throws -> DeferredLocator {
        let full = resolve(path).path
        guard FileManager.default.isReadableFile(atPath: full) else { throw missing(path) }
        return DeferredLocator { () throws(PipelineDefinitionError) in try table(at: full, displayPath: path) }
    }

    /// The table at `path`; one that cannot be read or parsed is a `PipelineDefinitionError` naming `displayPath`
    /// (`locations.missing`, `locations.invalid`).
    public static func table(at path: String, displayPath: String? = nil) throws(PipelineDefinitionError) -> LocationTable {
        let shown = displayPath ?? path
        guard let data = FileManager.default.contents(atPath: path) else { throw missing(shown) }
        do {
            return try LocationTable(csv: Array(data))
        } catch {
            throw PipelineDefinitionError(diagnostics: [.error("locations.invalid", "\(error)", at: SourceLocation(file: shown))])
        }
    }

    private static func missing(_ shown: String) -> PipelineDefinitionError {
        PipelineDefinitionError(diagnostics: [.error("locations.missing", "cannot read the location table", at: SourceLocation(file: shown))])
    }
}
