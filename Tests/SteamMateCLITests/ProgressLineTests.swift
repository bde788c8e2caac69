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

    /// Runs the binary with `arguments` in `dir` under a pseudo-terminal (`script`, util-linux); returns what it printed.
    static func underTerminal(_ arguments: String, in dir: URL) throws -> String {
        let command = "'\(CommandRunner.binary.path)' \(arguments)"
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

    /// Under a pseudo-terminal the progress lines appear, rewritten with CR; `--quiet` removes them.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func terminalGetsProgressUnlessQuiet() throws {
        let dir = try RepositoryPaths.temporaryDirectory("progress-tty")
        try Self.pipeline(in: dir)
        let shown = try Self.underTerminal("run p.yml --force", in: dir)
        #expect(shown.contains("\ringest: "), "\(shown)")
        #expect(shown.contains("\rwrite: "), "\(shown)")
        #expect(shown.contains("chunks,"))
        let quiet = try Self.underTerminal("run p.yml --force --quiet", in: dir)
        #expect(quiet.contains("timing: write"), "\(quiet)")
        #expect(!quiet.contains("ingest: ") && !quiet.contains("write: "), "\(quiet)")
    }

    /// `pair` shows its write progress on a terminal only, none with `--quiet` or when piped; its summary line stays.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func pairShowsWriteProgressUnlessQuietOrPiped() throws {
        let dir = try RepositoryPaths.temporaryDirectory("progress-pair")
        try FirstHourCommandTests.writeExports(in: dir)
        let convert = try CommandRunner.run(["convert", "data", "--out", "c", "--no-locations"], in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        let shown = try Self.underTerminal("pair c --k 3 --out p --force", in: dir)
        #expect(shown.contains("\rwrite: "), "\(shown)")
        #expect(shown.contains("players "), "\(shown)")
        let quiet = try Self.underTerminal("pair c --k 3 --out p --force --quiet", in: dir)
        #expect(!quiet.contains("write: ") && !quiet.contains("\r\u{1B}"), "\(quiet)")
        #expect(quiet.contains("players "), "\(quiet)")
        let piped = try CommandRunner.run(["pair", "c", "--k", "3", "--out", "p", "--force"], in: dir)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!piped.stderr.contains("\r") && !piped.stderr.contains("write: "), "\(piped.stderr)")
    }
}
