import Foundation
import Glibc
import PipelineCore

/// Lists the regular files under a directory, following symbolic links (to files and directories) with
/// loop detection by device and inode. Nothing is skipped silently: a broken link, a loop, an unreadable
/// directory or a name that is not UTF-8 each gets a diagnostic. Hidden entries (`.name`) are not inputs.
struct DirectoryWalker {
    struct Entry {
        var url: URL
        /// `/`-separated path below the root, as reached (through link names, not their targets).
        var relativePath: String
        var size: Int
    }

    let displayPrefix: String
    let diagnostics: any DiagnosticSink

    private struct NodeID: Hashable { var device: UInt64; var inode: UInt64 }

    func walk(_ root: URL) -> [Entry] {
        var entries: [Entry] = []
        var visited: Set<NodeID> = []
        var info = stat()
        guard stat(root.path, &info) == 0 else { return [] }
        visited.insert(NodeID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        walk(root, relative: "", visited: &visited, into: &entries)
        return entries
    }

    private func shown(_ relative: String) -> String {
        displayPrefix.appendingComponent(relative)
    }

    private func walk(_ directory: URL, relative: String, visited: inout Set<NodeID>, into entries: inout [Entry]) {
        guard let handle = opendir(directory.path) else {
            let place = shown(relative)
            diagnostics.error("input.unreadable", "cannot read directory: \(String(cString: strerror(errno)))",
                              at: SourceLocation(file: PathEscaping.escaped(place.isEmpty ? directory.lastPathComponent : place)))
            return
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes.first == UInt8(ascii: ".") { continue }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                diagnostics.error("input.badFileName", "file name is not UTF-8; skipped",
                                  at: SourceLocation(file: PathEscaping.escaped(shown(relative)).appendingComponent(PathEscaping.escapedBytes(bytes))))
                continue
            }
            names.append(name)
        }
        closedir(handle)
        for name in names.sorted() {
            let url = directory.appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            var linkInfo = stat()
            guard lstat(url.path, &linkInfo) == 0 else { continue }
            let isLink = linkInfo.st_mode & S_IFMT == S_IFLNK
            var info = stat()
            guard stat(url.path, &info) == 0 else {
                if isLink {
                    diagnostics.warning("input.brokenLink", "symbolic link to a missing target; skipped",
                                        at: SourceLocation(file: PathEscaping.escaped(shown(path))))
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let id = NodeID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                guard visited.insert(id).inserted else {
                    diagnostics.warning("input.linkLoop", "directory already read through another path (symbolic link loop or duplicate); skipped",
                                        at: SourceLocation(file: PathEscaping.escaped(shown(path))))
                    continue
                }
                walk(url, relative: path, visited: &visited, into: &entries)
            case S_IFREG:
                entries.append(Entry(url: url, relativePath: path, size: Int(info.st_size)))
            default:
                continue
            }
        }
    }
}

private extension String {
    /// `self/component`, or just `component` when `self` is empty.
    func appendingComponent(_ component: String) -> String { isEmpty ? component : self + "/" + component }
}
