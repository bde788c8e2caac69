import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate report` end to end on a copy of the golden output: it reproduces the run's `report.html`, leaves
/// an unchanged report alone, writes a player page, and refuses what is not ours (exit 2, nothing written).
@Suite struct ReportCommandTests {
    static let golden = RepositoryPaths.root().appendingPathComponent("Tests/PipelineRunnerTests/Goldens/default/expected")

    @Test func rendersAnExistingOutputAndRefusesWhatIsNotOurs() throws {
        let dir = try RepositoryPaths.temporaryDirectory("report-cli")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.copyItem(at: Self.golden, to: out)
        try FileManager.default.removeItem(at: out.appendingPathComponent("report.html"))

        let first = try CommandRunner.run(["report", "out"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote "))
        #expect(FileManager.default.contents(atPath: out.appendingPathComponent("report.html").path)
            == FileManager.default.contents(atPath: Self.golden.appendingPathComponent("report.html").path))
        let again = try CommandRunner.run(["report", "out"], in: dir)
        #expect(again.status == 0 && again.stderr.contains("up to date"))

        let page = try CommandRunner.run(["report", "out", "--player", "76561197960435530", "--out", "robin.html"], in: dir)
        #expect(page.status == 0, "\(page.stderr)")
        let html = String(decoding: FileManager.default.contents(atPath: dir.appendingPathComponent("robin.html").path) ?? Data(), as: UTF8.self)
        #expect(html.contains("<section id=\"player\">"))

        try Data("mine".utf8).write(to: dir.appendingPathComponent("notes.html"))
        let foreign = try CommandRunner.run(["report", "out", "--out", "notes.html"], in: dir)
        #expect(foreign.status == 2 && foreign.stderr.contains("[output.notOurs]"), "\(foreign.stderr)")
        #expect(FileManager.default.contents(atPath: dir.appendingPathComponent("notes.html").path) == Data("mine".utf8))

        let notOutput = try CommandRunner.run(["report", "."], in: dir)
        #expect(notOutput.status == 2 && notOutput.stderr.contains("[report.notAnOutput]"), "\(notOutput.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("report.html").path))

        let badPlayer = try CommandRunner.run(["report", "out", "--player", "123"], in: dir)
        #expect(badPlayer.status == 64)
    }
}
