import Foundation

/// Compares a produced directory tree with a committed expected tree, byte for byte, in both directions
/// (missing and extra files), and renders a readable diff of what differs.
///
/// Re-record by running the tests with `RECORD_GOLDENS=1`: the expected tree is replaced by the actual
/// one and the comparison still reports a failure, so a recording run can never pass by accident.
public enum GoldenDirectory {
    public static let recordVariable = "RECORD_GOLDENS"

    /// Problems found; empty when the trees are identical.
    public static func compare(actual: URL, expected: URL) -> [String] {
        if ProcessInfo.processInfo.environment[recordVariable] == "1" {
            do {
                try record(actual: actual, expected: expected)
                return ["recorded \(expected.path) from \(actual.path); rerun without \(recordVariable)=1 to check it"]
            } catch {
                return ["could not record goldens: \(error)"]
            }
        }
        let actualFiles = relativeFiles(in: actual)
        let expectedFiles = relativeFiles(in: expected)
        var problems: [String] = []
        if expectedFiles.isEmpty {
            problems.append("no expected files in \(expected.path); record them with \(recordVariable)=1")
        }
        for missing in expectedFiles.subtracting(actualFiles).sorted() {
            problems.append("missing file: \(missing) (expected, not produced)")
        }
        for extra in actualFiles.subtracting(expectedFiles).sorted() {
            problems.append("extra file: \(extra) (produced, not expected)")
        }
        for common in actualFiles.intersection(expectedFiles).sorted() {
            let a = FileManager.default.contents(atPath: actual.appendingPathComponent(common).path) ?? Data()
            let e = FileManager.default.contents(atPath: expected.appendingPathComponent(common).path) ?? Data()
            if a != e {
                problems.append("differs: \(common)\n" + TextDiff.render(expected: e, actual: a))
            }
        }
        return problems
    }

    static func record(actual: URL, expected: URL) throws {
        let fm = FileManager.default
        try? fm.removeItem(at: expected)
        try fm.createDirectory(at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(at: actual, to: expected)
    }

    /// Every regular file below `root`, as `/`-separated relative paths (hidden files included).
    public static func relativeFiles(in root: URL) -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let rootCount = root.standardizedFileURL.pathComponents.count
        var files: Set<String> = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.insert(url.standardizedFileURL.pathComponents.dropFirst(rootCount).joined(separator: "/"))
        }
        return files
    }
}
