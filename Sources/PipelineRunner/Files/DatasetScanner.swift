import Foundation
import PipelineCore
import PlayerModel

/// Finds the input files of a dataset directory (layout in the README) in a stable, sorted order.
///
/// - `players/<steamid64>/…`: documents there belong to that player (an invalid directory name is an error;
///   its files are still read, without an owner hint).
/// - `apps/<appid>/…`: app-level documents (schema, global achievement percentages).
/// - `decisions.jsonl`, `trade_requests.jsonl|csv` in the root: app exports for the pair and trade stages.
/// - Every other `*.xml`, `*.json`, `*.jsonl` anywhere: Steam documents and bundles.
/// Hidden files and other extensions (README.md, SOURCES.md, …) are not inputs. Symbolic links are followed
/// (loops detected); broken links, unreadable directories and non-UTF-8 names are reported (`DirectoryWalker`).
public enum DatasetScanner {
    public static let dataExtensions: Set<String> = ["xml", "json", "jsonl"]

    /// `displayPrefix` is put before every relative path (for `convert`, the path the user gave); empty for `run`,
    /// whose diagnostics and provenance are relative to the dataset root.
    public static func scan(root: URL, displayPrefix: String = "", diagnostics: some DiagnosticSink) -> [DatasetFile] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            diagnostics.error("input.missing", "no such file or directory", at: SourceLocation(file: displayPrefix.isEmpty ? root.lastPathComponent : displayPrefix))
            return []
        }
        guard isDirectory.boolValue else {
            var file = classify(url: root, relativePath: PathEscaping.escaped(displayPrefix.isEmpty ? root.lastPathComponent : displayPrefix),
                                size: fileSize(root))
            // A file given by itself keeps the hints its path carries (`data/players/<id>/friends.json` names the owner
            // of a friend list that does not name it), so a subset of the files converts as it would in its directory.
            var none: Set<String> = []
            if file.role == .steam { file = withLayoutHints(file, reportingFrom: .max, diagnostics: diagnostics, reported: &none) }
            return [file]
        }
        var files: [DatasetFile] = []
        var reportedDirectories: Set<String> = []
        for entry in DirectoryWalker(displayPrefix: displayPrefix, diagnostics: diagnostics).walk(root) {
            guard dataExtensions.contains((entry.relativePath as NSString).pathExtension.lowercased()) else { continue }
            var file = classify(url: entry.url, relativePath: PathEscaping.escaped(entry.relativePath), size: entry.size)
            if !displayPrefix.isEmpty { file.relativePath = displayPrefix + "/" + file.relativePath }
            if file.role == .steam {
                // The input as given counts too (`convert data/players/<id>`), but only the walked directories are
                // the layout's to report on.
                file = withLayoutHints(file, reportingFrom: displayPrefix.split(separator: "/").count, diagnostics: diagnostics,
                                       reported: &reportedDirectories)
            }
            files.append(file)
        }
        return files.sorted { $0.relativePath < $1.relativePath }
    }

    static func classify(url: URL, relativePath: String, size: Int) -> DatasetFile {
        let lower = relativePath.lowercased()
        let role: DatasetFile.Role
        switch lower {
        case "decisions.jsonl": role = .decisions
        case "trade_requests.jsonl", "trade_requests.csv": role = .tradeRequests
        default: role = .steam
        }
        return DatasetFile(url: url, relativePath: relativePath, role: role, owner: nil, appID: nil, size: size)
    }

    /// The owner (`players/<id>/`) and app (`apps/<id>/`) a file's path names; the deepest wins. A value that does not
    /// parse is reported once per directory, for directories at component `reportingFrom` or deeper (the walked
    /// ones); above that (the input's own path) it is only skipped.
    private static func withLayoutHints(_ file: DatasetFile, reportingFrom: Int, diagnostics: some DiagnosticSink,
                                        reported: inout Set<String>) -> DatasetFile {
        var file = file
        let parts = file.relativePath.split(separator: "/").map(String.init)
        // `players/<id>/file`: the directory name at `index`, its value at `index + 1`, a file below it.
        for index in 0..<max(0, parts.count - 2) {
            let directory = parts[index]
            let value = parts[index + 1]
            let dirPath = parts[0...index + 1].joined(separator: "/")
            let reports = index >= reportingFrom
            if directory == "players" {
                switch SteamID64.parse(value) {
                case .success(let id): file.owner = id
                case .failure:
                    if reports && reported.insert(dirPath).inserted {
                        diagnostics.error("layout.badPlayerDirectory",
                                          "'\(value)' is not a valid SteamID64; files in \(dirPath)/ are read without an owner",
                                          at: SourceLocation(file: dirPath))
                    }
                }
            } else if directory == "apps" {
                if let appID = UInt32(value) {
                    file.appID = appID
                } else if reports && reported.insert(dirPath).inserted {
                    diagnostics.error("layout.badAppDirectory", "'\(value)' is not an app id; files in \(dirPath)/ are read without one",
                                      at: SourceLocation(file: dirPath))
                }
            }
        }
        return file
    }

    static func fileSize(_ url: URL) -> Int {
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    }
}
