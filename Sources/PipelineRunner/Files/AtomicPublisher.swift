import Foundation
import Glibc
import PipelineCore

/// Publishes a set of output files as one directory, atomically: everything is written into a
/// temporary directory beside the target, then swapped into place with `renameat2(RENAME_EXCHANGE)`,
/// so readers see the old tree or the new tree, never a mix. A run killed before the swap leaves the
/// previous output untouched (and a stale `.<name>.tmp-*` directory, removed by the next publish).
/// Where the kernel lacks the exchange (old kernels), it falls back to rename-aside-then-rename.
public enum AtomicPublisher {
    public struct PublishError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func publish(_ files: [OutputFile], to target: URL) throws {
        try publish(to: target) { staging in
            let fm = FileManager.default
            for file in files.sorted(by: { $0.path < $1.path }) {
                let url = staging.appendingPathComponent(file.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                guard fm.createFile(atPath: url.path, contents: Data(file.bytes)) else {
                    throw PublishError(description: "cannot write \(url.path)")
                }
            }
        }
    }

    /// Streaming form: `write` fills the (empty) staging directory it is given, however it likes; the
    /// directory is then swapped into place. If `write` throws, the previous output stays untouched.
    public static func publish(to target: URL, writing write: (URL) throws -> Void) throws {
        let fm = FileManager.default
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        removeStale(in: parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).tmp-\(getpid())")
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            try write(staging)
            try swapIntoPlace(staging: staging, target: target)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
    }

    private static func swapIntoPlace(staging: URL, target: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
            guard rename(staging.path, target.path) == 0 else {
                throw PublishError(description: "cannot rename \(staging.path) to \(target.path): \(String(cString: strerror(errno)))")
            }
            return
        }
        guard isDirectory.boolValue else {
            throw PublishError(description: "\(target.path) exists and is not a directory")
        }
        if let exchange = renameExchange, exchange(AT_FDCWD, staging.path, AT_FDCWD, target.path, 2 /* RENAME_EXCHANGE */) == 0 {
            try fm.removeItem(at: staging)  // now holds the previous output
            return
        }
        let aside = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())")
        try fm.moveItem(at: target, to: aside)
        try fm.moveItem(at: staging, to: target)
        try? fm.removeItem(at: aside)
    }

    private static func removeStale(in parent: URL, name: String) {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries where entry.hasPrefix(".\(name).tmp-") || entry.hasPrefix(".\(name).old-") {
            try? fm.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2`, looked up at run time because Swift's Glibc module does not export it.
    private static let renameExchange: RenameAt2? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
}
