import Foundation
import Glibc
import Synchronization
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct AtomicPublisherTests {
    /// What the parent holds besides the output: only the output's lock file.
    private func entries(_ parent: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
    }

    /// A failed write is told by its reason: the sink's own error with its file and errno text (a 1M run that filled
    /// the disk printed "The operation could not be completed. (…PublishError error 1.)"), a POSIX or Foundation
    /// error by its errno text.
    @Test func failuresAreDescribedByTheirReason() {
        let own = AtomicPublisher.PublishError(description: "cannot write /o/.out.tmp-1-1/pairings.csv: No space left on device")
        #expect(AtomicPublisher.describe(own) == own.description)
        #expect(AtomicPublisher.describe(DurableSync.PublishError(path: "/o/x", errno: ENOSPC)) == "cannot sync /o/x: No space left on device")
        #expect(AtomicPublisher.describe(POSIXError(.ENOSPC)) == "No space left on device")
        let foundation = CocoaError(.fileWriteOutOfSpace, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])
        #expect(AtomicPublisher.describe(foundation) == "No space left on device")
    }

    /// A tree with a `manifest.json` listing its files, as a run publishes it.
    private func run(_ label: String, files count: Int) -> [OutputFile] {
        let files = (0..<count).map { OutputFile(path: "\(label)/f\($0).csv", text: "\(label) \($0)\n") }
        return files + [OutputFile(path: "manifest.json", bytes: RunManifest.make(pipeline: label, files: files, rowCounts: [:]).encoded())]
    }

    @Test func replacesTheWholeTreeAndLeavesNoStagingBehind() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let target = parent.appendingPathComponent("out")
        try AtomicPublisher.publish(run("a", files: 2), to: target)
        try AtomicPublisher.publish(run("c", files: 1), to: target)
        #expect(GoldenDirectory.relativeFiles(in: target) == ["c/f0.csv", "manifest.json"])
        #expect(try entries(parent) == [".out.lock", "out"])
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
        #expect(try entries(parent) == [".out.lock", "out"])
    }

    @Test func staleStagingOfADeadProcessIsRemovedAndALiveOneIsKept() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let deadStaging = ".out.tmp-\(dead.processIdentifier)-1"
        let liveStaging = ".out.tmp-\(getppid())-1"  // the test runner's parent: alive for the whole test
        for name in [deadStaging, liveStaging, ".out.tmp-999999999"] {
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try AtomicPublisher.publish([OutputFile(path: "a.csv", text: "1")], to: parent.appendingPathComponent("out"))
        #expect(try entries(parent) == [".out.lock", liveStaging, "out"].sorted())
    }

    @Test func stagingNamesParseOnlyTheirOwnOutput() {
        #expect(AtomicPublisher.stagingOwner(".out.tmp-123-4", name: "out") == 123)
        #expect(AtomicPublisher.stagingOwner(".out.tmp-123", name: "out") == 123)
        #expect(AtomicPublisher.stagingOwner(".out.old-77-1", name: "out") == 77)
        #expect(AtomicPublisher.stagingOwner(".out.tmp-x", name: "out") == nil)
        #expect(AtomicPublisher.stagingOwner(".output.tmp-5-1", name: "out") == nil)
        #expect(AtomicPublisher.stagingOwner(".out.lock", name: "out") == nil)
    }

    /// Issue #12, item 1: two publishers to one output, many times; every published tree matches its manifest,
    /// both succeed (the second waits for the lock), and no staging is left behind.
    @Test func concurrentPublishesNeverTearTheTree() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let target = parent.appendingPathComponent("out")
        let failures = Mutex<[String]>([])
        for iteration in 0..<150 {
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                do {
                    let files = worker == 0 ? run("full\(iteration)", files: 12) : run("small\(iteration)", files: 3)
                    try AtomicPublisher.publish(to: target) { staging in
                        for file in files {
                            let url = staging.appendingPathComponent(file.path)
                            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                            try Data(file.bytes).write(to: url)
                            if worker == 1 { usleep(50) }  // interleave the two writers
                        }
                    }
                } catch {
                    failures.withLock { $0.append("iteration \(iteration) worker \(worker): \(error)") }
                }
            }
            let problems = PublishedTree.manifestMismatches(in: target)
            #expect(problems.isEmpty, "iteration \(iteration): \(problems)")
            if !problems.isEmpty { break }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(try entries(parent) == [".out.lock", "out"])
    }

    @Test func aHeldLockMakesTheSecondPublisherFailWithExitThreeAndWriteNothing() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let target = parent.appendingPathComponent("out")
        try AtomicPublisher.publish(run("old", files: 1), to: target)
        let before = PublishedTree.snapshot(target)
        let held = try OutputLock.acquire(for: target, wait: .zero)
        let error = #expect(throws: PublishRefusal.self) {
            try AtomicPublisher.publish(run("new", files: 1), to: target, policy: PublishPolicy(lockWait: .milliseconds(50)))
        }
        #expect(error?.exitStatus == .outputError)
        #expect(error?.diagnostic.code == "output.busy")
        withExtendedLifetime(held) {}
        #expect(PublishedTree.snapshot(target) == before)
    }

    @Test func refusesToReplaceWhatIsNotOurs() throws {
        let parent = try RepositoryPaths.temporaryDirectory()
        let precious = parent.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try "my thesis".write(to: precious.appendingPathComponent("thesis.txt"), atomically: true, encoding: .utf8)
        let error = #expect(throws: PublishRefusal.self) { try AtomicPublisher.publish(run("x", files: 1), to: precious) }
        #expect(error?.exitStatus == .definitionError)
        #expect(error?.diagnostic.code == "output.notOurs")
        #expect(PublishedTree.snapshot(precious) == ["thesis.txt": Data("my thesis".utf8)])

        let file = parent.appendingPathComponent("afile")
        try "data".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: PublishRefusal.self) { try AtomicPublisher.publish(run("x", files: 1), to: file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "data")

        try AtomicPublisher.publish(run("x", files: 1), to: precious, policy: PublishPolicy(force: true))
        #expect(PublishedTree.manifestMismatches(in: precious).isEmpty)
    }
}
