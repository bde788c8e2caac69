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

    /// A fresh empty directory inside this test process's own scratch directory (see `processScratch`), so
    /// a test run leaves nothing behind in the system temporary directory.
    public static func temporaryDirectory(_ label: String = "steam-mate-test") throws -> URL {
        let url = processScratch.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Set to keep the scratch directories of a test run for inspection (its path is printed on exit).
    public static let keepEnvironmentVariable = "STEAM_MATE_KEEP_TEST_DIRS"

    /// One directory per test process under the system temporary directory, created on first use and removed
    /// with everything in it when the process exits normally (unless `keepEnvironmentVariable` is set).
    public static let processScratch: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("steam-mate-tests-\(getpid())-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { RepositoryPaths.removeProcessScratch() }
        return url
    }()

    private static func removeProcessScratch() {
        if ProcessInfo.processInfo.environment[keepEnvironmentVariable] != nil {
            FileHandle.standardError.write(Data("test scratch kept: \(processScratch.path)\n".utf8))
            return
        }
        try? FileManager.default.removeItem(at: processScratch)
    }
}
