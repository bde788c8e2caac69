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
        try runDefaultOutcome(threads: threads, change: change).outputDirectory
    }

    func runDefaultOutcome(threads: Int?, change: (inout PipelineDefinition) -> Void = { _ in }) throws -> PipelineRun.Outcome {
        let root = RepositoryPaths.root()
        var definition = try PipelineFile.load(path: "Pipelines/default.yml", baseDirectory: root)
        let output = try RepositoryPaths.temporaryDirectory("golden").appendingPathComponent(definition.name)
        definition.output = output.path
        if let threads { definition.threads = threads }
        change(&definition)
        let outcome = try PipelineRun(definition: definition, baseDirectory: root).execute(diagnostics: DiagnosticLog())
        return outcome
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

    /// With several threads `trade` runs beside `pair`, `match` and `lobby`, and the write stage writes their tables
    /// before it joins `trade` (`PipelineRun.LaterStages`); with one thread everything runs in turn. The stages are
    /// listed in the order they started either way, and both runs' manifests list the same files with the same bytes.
    @Test func tradeBesideTheOtherStagesIsListedBeforeTheWriteStage() throws {
        let one = try runDefaultOutcome(threads: 1)
        let many = try runDefaultOutcome(threads: 4)
        let expected = ["ingest", "dataset", "pair", "lobby", "trade", "write"]
        #expect(one.timings.stages.map(\.stage) == expected)
        #expect(many.timings.stages.map(\.stage) == expected)
        #expect(one.files.map(\.path).contains("trade_loops.csv") && one.files.map(\.path).contains("pairings.csv"))
        let listed = { (outcome: PipelineRun.Outcome) in outcome.files.map { "\($0.path) \($0.bytes) \($0.sha256)" } }
        #expect(listed(one) == listed(many))
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
