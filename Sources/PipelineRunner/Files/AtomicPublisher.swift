import Foundation
import Glibc
import PipelineCore
import Synchronization

/// Publishes a set of output files as one directory, atomically and only over what is ours:
///
/// 1. takes the output's lock (`OutputLock`), so two runs to one output take turns;
/// 2. checks the target is a previous output of this tool, empty or missing (`OutputGuard`), unless forced;
/// 3. removes staging directories left by dead processes (`.<name>.tmp-<pid>-<n>`, owner checked with `kill(pid, 0)`);
/// 4. writes everything into a fresh staging directory beside the target and `fsync`s files and directories;
/// 5. swaps it into place with `renameat2(RENAME_EXCHANGE)` and syncs the parent.
///
/// Readers see the old tree or the new tree, never a mix. A run killed before the swap leaves the previous
/// output untouched. Where the kernel lacks the exchange, it falls back to rename-aside-then-rename.
public enum AtomicPublisher {
    public struct PublishError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func publish(_ files: [OutputFile], to target: URL, policy: PublishPolicy = PublishPolicy()) throws {
        try publish(to: target, policy: policy) { staging in
            let fm = FileManager.default
            for file in files.sorted(by: { $0.path < $1.path }) {
                let url = staging.appendingPathComponent(file.path)
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
        }
    }

    /// Streaming form: `write` fills the (empty) staging directory it is given, however it likes; the
    /// directory is then swapped into place. If `write` throws, the previous output stays untouched.
    public static func publish(to target: URL, policy: PublishPolicy = PublishPolicy(), writing write: (URL) throws -> Void) throws {
        let fm = FileManager.default
        let target = target.standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw PublishRefusal("output.failed", "cannot create the output's parent directory: \(describe(error))",
                                 path: target.path, exitStatus: .outputError)
        }
        let lock = try OutputLock.acquire(for: target, wait: policy.lockWait)
        defer { withExtendedLifetime(lock) {} }
        try OutputGuard.checkReplaceable(target, policy: policy)
        removeStale(in: parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).tmp-\(getpid())-\(nextSerial())")
        try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        do {
            try write(staging)
            try DurableSync.syncTree(staging)
            try swapIntoPlace(staging: staging, target: target)
            try DurableSync.syncDirectory(parent)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
    }

    private static func swapIntoPlace(staging: URL, target: URL) throws {
        let fm = FileManager.default
        var info = stat()
        guard lstat(target.path, &info) == 0 else {
            guard rename(staging.path, target.path) == 0 else {
                throw PublishError(description: "cannot rename \(staging.path) to \(target.path): \(String(cString: strerror(errno)))")
            }
            return
        }
        if let exchange = renameExchange, exchange(AT_FDCWD, staging.path, AT_FDCWD, target.path, 2 /* RENAME_EXCHANGE */) == 0 {
            try fm.removeItem(at: staging)  // now holds the previous output
            return
        }
        let aside = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).old-\(getpid())-\(nextSerial())")
        try fm.moveItem(at: target, to: aside)
        try fm.moveItem(at: staging, to: target)
        try? fm.removeItem(at: aside)
    }

    /// Removes `.<name>.tmp-<pid>[-<n>]` and `.<name>.old-<pid>[-<n>]` left by processes that no longer exist.
    /// Runs under the output's lock; a live process's staging is never touched.
    static func removeStale(in parent: URL, name: String) {
        let fm = FileManager.default
        guard let entries = try? fm.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries {
            guard let pid = stagingOwner(entry, name: name), !isAlive(pid) else { continue }
            try? fm.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    /// The owner pid encoded in a staging or aside directory name of `name`, if `entry` is one.
    static func stagingOwner(_ entry: String, name: String) -> Int32? {
        for prefix in [".\(name).tmp-", ".\(name).old-"] where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count == rest.count || rest.dropFirst(digits.count).first == "-" else { return nil }
            return Int32(digits)
        }
        return nil
    }

    static func isAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    private static let serial = Mutex(0)

    private static func nextSerial() -> Int {
        serial.withLock { value in
            value += 1
            return value
        }
    }

    /// An error as a one-line reason: the errno text (ENOSPC, EACCES, …) when there is one, never an NSError dump; this
    /// publisher's own write and sync errors by their description (which names the file and the errno text).
    public static func describe(_ error: any Error) -> String {
        if let own = error as? PublishError { return own.description }
        if let own = error as? DurableSync.PublishError { return own.description }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2`, looked up at run time because Swift's Glibc module does not export it.
    private static let renameExchange: RenameAt2? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
}
