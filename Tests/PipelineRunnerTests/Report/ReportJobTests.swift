import Foundation
import PipelineCore
import PipelineSpec
import PipelineTestSupport
import Report
import Testing
@testable import PipelineRunner

@Suite(.serialized) struct ReportJobTests {
    static let sample = ReportReaderTests.sample

    func copyOfSample() throws -> URL {
        let dir = try RepositoryPaths.temporaryDirectory("report-job").appendingPathComponent("out")
        try FileManager.default.copyItem(at: Self.sample, to: dir)
        return dir
    }

    @Test func reRenderingAPublishedOutputGivesTheBytesTheRunWrote() throws {
        let out = try copyOfSample()
        let target = ReportJob.defaultTarget(outputDirectory: out, player: nil)
        #expect(try ReportJob.write(outputDirectory: out, player: nil, target: target) == .unchanged)
        try FileManager.default.removeItem(at: target)
        #expect(try ReportJob.write(outputDirectory: out, player: nil, target: target) == .written)
        #expect(FileManager.default.contents(atPath: target.path) == FileManager.default.contents(atPath: Self.sample.appendingPathComponent("report.html").path))
        let page = ReportJob.defaultTarget(outputDirectory: out, player: "76561197960435530")
        #expect(page.lastPathComponent == "report-76561197960435530.html")
        #expect(try ReportJob.write(outputDirectory: out, player: "76561197960435530", target: page) == .written)
        let html = String(decoding: try #require(FileManager.default.contents(atPath: page.path)), as: UTF8.self)
        #expect(html.contains("<section id=\"player\">") && html.contains("Robin"))
    }

    @Test func refusesWhatIsNotOurs() throws {
        let out = try copyOfSample()
        let foreign = out.deletingLastPathComponent().appendingPathComponent("notes.html")
        try Data("my notes".utf8).write(to: foreign)
        #expect(throws: PublishRefusal.self) { try ReportJob.write(outputDirectory: out, player: nil, target: foreign) }
        #expect(FileManager.default.contents(atPath: foreign.path) == Data("my notes".utf8))
        let notOutput = try RepositoryPaths.temporaryDirectory("report-not-output")
        do {
            _ = try ReportJob.write(outputDirectory: notOutput, player: nil, target: notOutput.appendingPathComponent("r.html"))
            Issue.record("a directory without manifest.json must be refused")
        } catch let refusal as PublishRefusal {
            #expect(refusal.diagnostic.code == "report.notAnOutput" && refusal.exitStatus == .definitionError)
        }
        #expect(!FileManager.default.fileExists(atPath: notOutput.appendingPathComponent("r.html").path))
    }

    @Test func aRerunComparesWithTheOutputItReplaced() throws {
        let root = RepositoryPaths.root()
        var definition = try PipelineFile.load(path: "Pipelines/default.yml", baseDirectory: root)
        let output = try RepositoryPaths.temporaryDirectory("report-rerun").appendingPathComponent("default")
        definition.output = output.path
        _ = try PipelineRun(definition: definition, baseDirectory: root).execute(diagnostics: DiagnosticLog())
        let none = try #require(FileManager.default.contents(atPath: output.appendingPathComponent(ReportReader.previousHeadlinePath).path))
        #expect(try JSONDecoder().decode(HeadlineFigures.self, from: none).figures.isEmpty, "a first run replaced nothing")
        #expect(!String(decoding: try ReportJob.render(outputDirectory: output), as: UTF8.self).contains("id=\"comparison\""))
        _ = try PipelineRun(definition: definition, baseDirectory: root).execute(diagnostics: DiagnosticLog())
        let stored = try #require(FileManager.default.contents(atPath: output.appendingPathComponent(ReportReader.previousHeadlinePath).path))
        let previous = try JSONDecoder().decode(HeadlineFigures.self, from: stored)
        #expect(previous.figures["pairings"] == 1560 && previous.figures["players"] == 245)
        let html = String(decoding: try #require(FileManager.default.contents(atPath: output.appendingPathComponent("report.html").path)), as: UTF8.self)
        #expect(html.contains("<section id=\"comparison\">"))
        // The rerun read the first run's matches from its state, so none is new: 33 → 0 is flagged, nothing else is.
        #expect(html.contains("Stands out: new matches."))
        #expect(html.contains("<tr class=\"bad\"><td>new matches</td><td>33</td><td>0</td><td>-33</td><td>-100.0 %</td></tr>"))
        // The report in the manifest is the one `steam-mate report` renders from the published tree.
        #expect(try ReportJob.render(outputDirectory: output) == Array(html.utf8))
    }
}
