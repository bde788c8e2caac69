import Foundation
import Geo
import Normalize
import PipelineCore

/// Loads the reference location table named by a pipeline (or `convert --locations`).
enum LocationLoader {
    static func load(path: String, resolve: (String) -> URL) throws -> (any PlayerLocator)? {
        let url = resolve(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PipelineDefinitionError(diagnostics: [.error("locations.missing", "cannot read the location table", at: SourceLocation(file: path))])
        }
        do {
            return try LocationTable(csv: Array(data))
        } catch {
            throw PipelineDefinitionError(diagnostics: [.error("locations.invalid", "\(error)", at: SourceLocation(file: path))])
        }
    }
}
