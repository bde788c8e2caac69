import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineSpec

@Suite struct PipelineDefinitionLoaderTests {
    func load(_ yaml: String) throws -> PipelineDefinition {
        try PipelineDefinitionLoader.load(yaml: yaml, file: "Pipelines/t.yml", defaultName: "t")
    }

    func problems(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try load(yaml)
            return []
        } catch let error as PipelineDefinitionError {
            return error.diagnostics
        } catch {
            return [.error("unexpected", "\(error)")]
        }
    }

    @Test func readsEveryKey() throws {
        let definition = try load("""
            name: nightly
            input: Data/sample
            output: Output/x
            locations: Data/reference/steam-locations.csv
            formats: [jsonl]
            threads: 2
            stages:
              normalize:
              pair: {k: 5}
            """)
        #expect(definition.name == "nightly")
        #expect(definition.input == "Data/sample")
        #expect(definition.output == "Output/x")
        #expect(definition.locations == "Data/reference/steam-locations.csv")
        #expect(definition.formats == [.jsonl])
        #expect(definition.threads == 2)
        #expect(definition.has(.normalize) && definition.has(.pair) && !definition.has(.trade))
        #expect(definition.stages[.pair]?.int("k") == 5)
    }

    @Test func defaultsOutputFromName() throws {
        let definition = try load("input: Data/sample\n")
        #expect(definition.output == "Output/t")
        #expect(definition.stages.keys.sorted() == [.normalize])
    }

    @Test func unknownTopLevelKeyPointsAtItsLine() {
        let found = problems("input: Data/sample\nthreds: 2\n")
        #expect(found.map(\.code) == ["pipeline.unknownKey"])
        #expect(found.first?.location?.line == 2)
        #expect(found.first?.description.hasPrefix("Pipelines/t.yml:2: error: unknown key 'threds'") == true)
    }

    @Test func unknownStageOptionAndBadValueAreBothReported() {
        let found = problems("input: d\nstages:\n  pair:\n    kk: 3\n  trade:\n    max_distance_km: -4\n  sort: {}\n")
        #expect(found.map(\.code).sorted() == ["pipeline.badValue", "pipeline.unknownKey", "pipeline.unknownStage"])
        #expect(found.first { $0.code == "pipeline.unknownKey" }?.location?.line == 4)
        #expect(found.first { $0.code == "pipeline.badValue" }?.location?.line == 6)
        #expect(found.first { $0.code == "pipeline.unknownStage" }?.location?.line == 7)
    }

    @Test func lobbyOptionsOfTheWrongFormAreReported() {
        let found = problems("input: d\nstages:\n  lobby:\n    default_sizes: [\"570:5-5\", \"*:3-2\", \"x:2-4\"]\n    roles: [\"570:carry+carry\"]\n")
        #expect(found.map(\.code) == ["pipeline.badValue", "pipeline.badValue", "pipeline.badValue"])
        #expect(found.allSatisfy { $0.location?.line == 4 })
        #expect(problems("input: d\nstages:\n  lobby:\n    default_sizes: [\"570:5-5\", \"*:2-4\"]\n    roles: [\"570:carry+mid\"]\n    min_overlap_hours: 3\n").isEmpty)
    }

    @Test func missingInputAndBadTypes() {
        #expect(problems("threads: -1\n").map(\.code).sorted() == ["pipeline.missingKey", "pipeline.outOfRange"])
        #expect(problems("input: d\nformats: [xml]\n").map(\.code) == ["pipeline.badValue"])
        #expect(problems("input: d\nname: ../escape\n").map(\.code) == ["pipeline.badValue"])
    }

    @Test func yamlSyntaxErrorHasALine() {
        let found = problems("input: d\nstages:\n  pair: {k: 3\n")
        #expect(found.map(\.code) == ["pipeline.yaml"])
        #expect((found.first?.location?.line ?? 0) >= 3)
    }

    @Test func theCommittedDefaultPipelineLoads() throws {
        let url = RepositoryPaths.root().appendingPathComponent("Pipelines/default.yml")
        let definition = try PipelineDefinitionLoader.load(yaml: String(contentsOf: url, encoding: .utf8), file: "Pipelines/default.yml", defaultName: "default")
        #expect(definition.name == "default")
        #expect(definition.input == "Data/sample")
    }
}
