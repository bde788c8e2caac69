import Foundation

/// Runs the built `steam-mate` binary (next to the test bundle) and captures its exit status and output.
public enum CommandRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static var binary: URL {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("steam-mate")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return RepositoryPaths.root().appendingPathComponent(".build/debug/steam-mate")
    }

    /// A started child: `wait()` collects its output and exit status (a signal death gives 128 + signal).
    public final class Running: @unchecked Sendable {
        public let process: Process
        let out: Pipe, err: Pipe
        var stdoutData = Data(), stderrData = Data()
        let readers = DispatchGroup()

        init(process: Process, out: Pipe, err: Pipe) {
            self.process = process
            self.out = out
            self.err = err
            readers.enter()
            DispatchQueue.global().async { self.stdoutData = out.fileHandleForReading.readDataToEndOfFile(); self.readers.leave() }
            readers.enter()
            DispatchQueue.global().async { self.stderrData = err.fileHandleForReading.readDataToEndOfFile(); self.readers.leave() }
        }

        public func wait() -> Result {
            readers.wait()
            process.waitUntilExit()
            let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
            return Result(status: status, stdout: String(decoding: stdoutData, as: UTF8.self), stderr: String(decoding: stderrData, as: UTF8.self))
        }
    }

    /// Starts the binary (or `executable`, e.g. a copy placed elsewhere) without waiting for it (for
    /// concurrency and kill tests); `removingEnvironment` names variables the child must not inherit.
    public static func start(_ arguments: [String], in directory: URL, executable: URL? = nil,
                             removingEnvironment: [String] = []) throws -> Running {
        let process = Process()
        process.executableURL = executable ?? binary
        if !removingEnvironment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.filter { !removingEnvironment.contains($0.key) }
        }
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Running(process: process, out: out, err: err)
    }

    /// Runs the binary to completion.
    public static func run(_ arguments: [String], in directory: URL, executable: URL? = nil,
                           removingEnvironment: [String] = []) throws -> Result {
        try start(arguments, in: directory, executable: executable, removingEnvironment: removingEnvironment).wait()
    }
}
