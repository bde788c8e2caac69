import Foundation

/// A started `steam-mate` command whose stdin and stdout are pipes, for the commands that talk to their caller
/// (`run --plan-shards`: it prints `planned`, then waits for the line `lists`). Its stderr goes to a file.
public final class TalkingCommand: @unchecked Sendable {
    let process = Process()
    let input = Pipe(), output = Pipe()
    let errors: URL
    var heard = ""

    public init(_ arguments: [String], in directory: URL) throws {
        errors = directory.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    /// Reads stdout until the line `line` (true) or its end (false).
    public func awaitLine(_ line: String) -> Bool {
        while !heard.split(separator: "\n").contains(Substring(line)) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return false }
            heard += String(decoding: data, as: UTF8.self)
        }
        return true
    }

    /// Writes `line` to its stdin (if given), then closes it.
    public func finishInput(with line: String? = nil) throws {
        if let line { try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8)) }
        try input.fileHandleForWriting.close()
    }

    /// Waits for it to end: its exit status and stderr.
    public func wait() -> (status: Int32, stderr: String) {
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}
