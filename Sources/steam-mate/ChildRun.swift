import Foundation
import Glibc
import PipelineRunner

/// One child process run to completion, with its own figures from `wait4` (so other children of the same
/// benchmark, e.g. the baselines, never inflate its peak RSS the way `getrusage(RUSAGE_CHILDREN)` would).
struct ChildRun {
    var status: Int32
    var wall: Double
    var user: Double
    var system: Double
    /// Peak resident set size of this child, bytes.
    var peakRSS: Int

    var cpu: Double { user + system }

    /// This binary's own path, to run one of its commands as a child.
    static var selfExecutable: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// Runs `executable` with `arguments` in the current directory; stdout goes to /dev/null when
    /// `discardStdout`, stderr passes through. Throws when the process cannot be started.
    static func run(_ executable: String, _ arguments: [String], discardStdout: Bool = true) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if discardStdout { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        fflush(nil)                      // what this process printed so far comes before the child's output
        let start = ProcessClock.now()
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ChildRunError(message: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ChildRunError(message: "wait4 failed for \(executable)") }
        }
        let wall = ProcessClock.now().wall - start.wall
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        // Exit code when it exited, 128 + signal when a signal ended it (the shell's convention).
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ChildRun(status: code, wall: wall, user: seconds(usage.ru_utime), system: seconds(usage.ru_stime),
                        peakRSS: Int(usage.ru_maxrss) * 1024)
    }
}

struct ChildRunError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
