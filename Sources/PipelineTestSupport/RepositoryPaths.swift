import Foundation

/// Paths inside the repository, found from a source file's `#filePath`, so tests read committed data
/// where it lives (and goldens can be re-recorded in place).
public enum RepositoryPaths {
    /// The repository root: the nearest ancestor of `filePath` that holds `Package.swift`.
    public static func root(from filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(filePath)")
    }

    /// A fresh empty directory under the system temporary directory.
    public static func temporaryDirectory(_ label: String = "steam-mate-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
