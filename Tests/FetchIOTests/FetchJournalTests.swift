import Fetch
import FetchIO
import Foundation
import Testing

/// The journal after a crash: a torn last line is cut off (never read as data), the run goes on.
@Suite struct FetchJournalTests {
    @Test func tornTailIsCutOffAndNothingIsRefetched() async throws {
        let server = try await StubSteamServer.start()
        defer { Task { await server.shutdown() } }
        let rig = try FetchTestRig(server: server)
        let config = rig.configuration(ids: FetchTestRig.ids(5))
        _ = try await FetchRun(configuration: config).execute()
        let bundles = FetchTestRig.tree(config.directory).filter { !$0.key.hasPrefix(".") }
        let journal = config.directory.appendingPathComponent(".fetch/journal.jsonl")
        let intact = try Data(contentsOf: journal)

        // A killed writer leaves half a record without its newline.
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        let torn = Data("{\"key\":\"GetOwnedGames/76561197960265829\",\"at\":17000".utf8)
        try handle.write(contentsOf: torn)
        try handle.close()

        server.resetLog()
        let summary = try await FetchRun(configuration: config).execute()
        #expect(summary.tornBytesDropped == torn.count)
        #expect(summary.calls == 0 && server.requests.isEmpty)
        #expect(try Data(contentsOf: journal) == intact)
        #expect(FetchTestRig.tree(config.directory).filter { !$0.key.hasPrefix(".") } == bundles)
        let summaryText = try String(contentsOf: config.summaryURL, encoding: .utf8)
        #expect(summaryText.contains("\"torn_bytes_dropped\":\(torn.count)"))
    }

    /// The lock is held the way a running fetch holds it (`flock` on `.fetch/lock`, a separate open file), so the
    /// refusal is tested without racing a first run's start against a sleep (that raced on a loaded CI machine).
    @Test func aSecondFetchIntoTheSameDirectoryIsRefused() async throws {
        let server = try await StubSteamServer.start()
        defer { Task { await server.shutdown() } }
        let rig = try FetchTestRig(server: server)
        let config = rig.configuration(ids: FetchTestRig.ids(1))
        let state = config.directory.appendingPathComponent(".fetch")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let holder = open(state.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0)

        let refusal = await #expect(throws: FetchRunError.self) { _ = try await FetchRun(configuration: config).execute() }
        #expect(refusal?.code == "fetch.busy")
        #expect(server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: state.appendingPathComponent("journal.jsonl").path))

        close(holder)
        let summary = try await FetchRun(configuration: config).execute()
        #expect(summary.calls > 0 && !server.requests.isEmpty)
    }
}
