import Foundation
import PipelineTestSupport
import Testing

/// `run` shows ingest and write progress only when stderr is a terminal and `--quiet` is not given.
@Suite struct ProgressLineTests {
    static func pipeline(in dir: URL) throws {
        try FirstHourCommandTests.writeExports(in: dir)
        try "input: data\noutput: out\nlocations: none\nstages:\n  normalize: {}\n  pair: {k: 3}\n"
            .write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
    }

    @Test func pipedStderrGetsOnlyTheTimingLines() throws {
        let dir = try RepositoryPaths.temporaryDirectory("progress-piped")
        try Self.pipeline(in: dir)
        let run = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("timing: write"))
        #expect(!run.stderr.contains("\r"))
        #expect(!run.stderr.contains("ingest: ") && !run.stderr.contains("write: "))
    }

    /// Under a pseudo-terminal (`script`, util-linux) the progress lines appear, rewritten with CR; `--quiet`
    /// removes them.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func terminalGetsProgressUnlessQuiet() throws {
        let dir = try RepositoryPaths.temporaryDirectory("progress-tty")
        try Self.pipeline(in: dir)
        func underTerminal(_ extra: String) throws -> String {
            let command = "'\(CommandRunner.binary.path)' run p.yml --force \(extra)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            process.currentDirectoryURL = dir
            let out = Pipe()
            process.standardOutput = out
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self)
        }
        let shown = try underTerminal("")
        #expect(shown.contains("\ringest: "), "\(shown)")
        #expect(shown.contains("\rwrite: "), "\(shown)")
        #expect(shown.contains("chunks,"))
        let quiet = try underTerminal("--quiet")
        #expect(quiet.contains("timing: write"), "\(quiet)")
        #expect(!quiet.contains("ingest: ") && !quiet.contains("write: "), "\(quiet)")
    }
}
