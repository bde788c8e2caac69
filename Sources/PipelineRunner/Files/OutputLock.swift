import Foundation
import Glibc

/// An exclusive `flock` on `.<name>.lock` beside an output directory, held while a publish writes its
/// staging directory and swaps it in, so two runs to one output take turns instead of tearing it.
/// The lock file is never removed (removing it would let a waiter lock an orphaned inode); the kernel drops
/// the lock when the process dies, so a killed run never leaves it held.
public final class OutputLock {
    private let descriptor: Int32
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    public static func lockFile(for target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).lock")
    }

    /// Takes the lock, polling for at most `wait`; a `PublishRefusal` (exit 3) when another run keeps it.
    public static func acquire(for target: URL, wait: Duration) throws -> OutputLock {
        let path = lockFile(for: target).path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw PublishRefusal("output.lock", "cannot open the lock file \(path): \(String(cString: strerror(errno)))",
                                 path: target.path, exitStatus: .outputError)
        }
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var pause = Duration.milliseconds(5)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(fd)
                throw PublishRefusal("output.lock", "cannot lock \(path): \(String(cString: strerror(reason)))",
                                     path: target.path, exitStatus: .outputError)
            }
            guard clock.now < deadline else {
                close(fd)
                throw PublishRefusal("output.busy",
                                     "another steam-mate process is publishing to this output (lock \(path) held for \(wait)); nothing was written",
                                     path: target.path, exitStatus: .outputError)
            }
            Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
            pause = min(pause * 2, .milliseconds(200))
        }
        return OutputLock(descriptor: fd, path: path)
    }
}
