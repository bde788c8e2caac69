import Foundation
import PipelineCore
import PipelineSpec
import PipelineTestSupport
import Testing
@testable import PipelineRunner

/// The default pipeline on the embedded sample, compared with the committed expected tree.
/// Re-record with `RECORD_GOLDENS=1 swift test --filter GoldenTests` (the recording run fails on purpose).
@Suite(.serialized) struct GoldenTests {
    static let expected = RepositoryPaths.root().appendingPathComponent("Tests/PipelineRunnerTests/Goldens/default/expected")

    func runDefault(threads: Int?, change: (inout PipelineDefinition) -> Void = { _ in }) throws -> URL {
        let root = RepositoryPaths.root()
        var definition = try PipelineFile.load(path: "Pipelines/default.yml", baseDirectory: root)
        let output = try RepositoryPaths.temporaryDirectory("golden").appendingPathComponent(definition.name)
        definition.output = output.path
        if let threads { definition.threads = threads }
        change(&definition)
        _ = try PipelineRun(definition: definition, baseDirectory: root).execute(diagnostics: DiagnosticLog())
        return output
    }

    @Test func defaultPipelineMatchesTheCommittedOutput() throws {
        let output = try runDefault(threads: nil)
        let problems = GoldenDirectory.compare(actual: output, expected: Self.expected)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func outputIsByteIdenticalForOneAndManyThreads() throws {
        let one = try runDefault(threads: 1)
        let many = try runDefault(threads: 4)
        let files = GoldenDirectory.relativeFiles(in: one)
        #expect(!files.isEmpty)
        #expect(files == GoldenDirectory.relativeFiles(in: many))
        for file in files.sorted() {
            #expect(FileManager.default.contents(atPath: one.appendingPathComponent(file).path)
                == FileManager.default.contents(atPath: many.appendingPathComponent(file).path), "\(file) differs")
        }
    }

    /// Without `lobby` the run lets the `player_games` rows go once their tables are written and pairs from columns
    /// (`PipelineRun.releaseGameRows`): every file the lobby stage has no part in equals the goldens.
    @Test func withoutLobbyTheOtherFilesEqualTheGoldens() throws {
        let output = try runDefault(threads: nil) { $0.stages[.lobby] = nil }
        let lobbyFree = GoldenDirectory.relativeFiles(in: output).filter { file in
            !file.contains("lobb") && !["manifest.json", "report.html", "run_summary.json", "diagnostics.json"].contains(file)
        }
        #expect(lobbyFree.count >= 28 && lobbyFree.contains("pairings.csv") && lobbyFree.contains("player_games.jsonl"))
        for file in lobbyFree.sorted() {
            #expect(FileManager.default.contents(atPath: output.appendingPathComponent(file).path)
                == FileManager.default.contents(atPath: Self.expected.appendingPathComponent(file).path), "\(file) differs")
        }
    }
}
