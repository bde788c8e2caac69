import Foundation

/// The name `convert` puts before an input's relative paths in diagnostics and `sources`: the path as
/// given when it is relative and stays inside the working directory (`data` → `data/players/…`), otherwise
/// only its last component, so an absolute path (`/home/me/ds` → `ds/players/…`) never leaks into outputs
/// and the same dataset gives the same bytes wherever it lives.
public enum InputDisplayName {
    public static func of(_ input: String) -> String {
        var trimmed = input
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        let components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        let escapes = trimmed.hasPrefix("/") || trimmed.hasPrefix("~") || components.contains("..") || components.contains(".")
        guard escapes else { return trimmed }
        let last = URL(fileURLWithPath: trimmed).standardizedFileURL.lastPathComponent
        return last.isEmpty || last == "/" ? "input" : last
    }
}
