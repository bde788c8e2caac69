import Foundation
import Normalize

/// Loads the reference location table named by a pipeline (or `convert --locations`).
enum LocationLoader {
    static func load(path: String, resolve: (String) -> URL) throws -> (any PlayerLocator)? {
        nil
    }
}
