import Foundation
import Glibc

/// `fsync` for a staged tree: every regular file and every directory (so their entries are on disk),
/// before the tree is swapped in, so a power loss after "published" cannot leave empty or missing files.
public enum DurableSync {
    public static func syncTree(_ root: URL) throws {
        let fm = FileManager.default
        var directories: [URL] = [root]
        while let directory = directories.popLast() {
            for name in try fm.contentsOfDirectory(atPath: directory.path) {
                let url = directory.appendingPathComponent(name)
                var info = stat()
                guard lstat(url.path, &info) == 0 else { throw PublishError(path: url.path, errno: errno) }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: directories.append(url)
                case S_IFREG: try sync(url, flags: O_RDONLY)
                default: continue
                }
            }
            try sync(directory, flags: O_RDONLY | O_DIRECTORY)
        }
    }

    public static func syncDirectory(_ url: URL) throws {
        try sync(url, flags: O_RDONLY | O_DIRECTORY)
    }

    private static func sync(_ url: URL, flags: Int32) throws {
        let fd = open(url.path, flags | O_CLOEXEC)
        guard fd >= 0 else { throw PublishError(path: url.path, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw PublishError(path: url.path, errno: errno) }
    }

    public struct PublishError: Error, CustomStringConvertible {
        public var path: String
        public var errno: Int32
        public var description: String { "cannot sync \(path): \(String(cString: strerror(errno)))" }
    }
}
