import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct AtomicPublisherTests {
    @Test func replacesTheWholeTreeAndLeavesNoStagingBehind() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let target = parent.appendingPathComponent("out")
        try AtomicPublisher.publish([OutputFile(path: "a.csv", text: "1"), OutputFile(path: "sub/b.csv", text: "2")], to: target)
        try AtomicPublisher.publish([OutputFile(path: "c.csv", text: "3")], to: target)
        #expect(GoldenDirectory.relativeFiles(in: target) == ["c.csv"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["out"])
    }

    @Test func aFailedPublishKeepsThePreviousOutput() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let target = parent.appendingPathComponent("out")
        try AtomicPublisher.publish([OutputFile(path: "a.csv", text: "old")], to: target)
        // A file path that collides with a directory cannot be written: the publish must fail before the swap.
        #expect(throws: (any Error).self) {
            try AtomicPublisher.publish([OutputFile(path: "x", text: "1"), OutputFile(path: "x/y", text: "2")], to: target)
        }
        #expect(String(decoding: FileManager.default.contents(atPath: target.appendingPathComponent("a.csv").path) ?? Data(), as: UTF8.self) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["out"])
    }

    @Test func staleStagingFromAKilledRunIsCleanedUp() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        try FileManager.default.createDirectory(at: parent.appendingPathComponent(".out.tmp-999999"), withIntermediateDirectories: true)
        try AtomicPublisher.publish([OutputFile(path: "a.csv", text: "1")], to: parent.appendingPathComponent("out"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["out"])
    }
}
