#if canImport(Glibc)
import Glibc
#endif
import Fetch
import Foundation
import PipelineTestSupport
import Synchronization
import Testing

/// The real `steam-mate fetch` binary as a child process: SIGKILLed mid-run and rerun, it ends where an
/// uninterrupted run ends, without asking again for what it had already journaled.
@Suite struct FetchCommandKillTests {
    static func arguments(_ rig: FetchTestRig, ids: URL, out: URL) -> [String] {
        ["fetch", "--ids", ids.path, "--out", out.path, "--api-base", rig.server.base, "--key-file", rig.keyFile.path,
         "--rate", "60", "--burst", "1", "--concurrency", "4", "--timeout", "5"]
    }

    static func journalKeys(_ out: URL) -> Set<String> {
        let bytes = (try? Data(contentsOf: out.appendingPathComponent(".fetch/journal.jsonl"))) ?? Data()
        var keys = Set<String>()
        for line in bytes.split(separator: 0x0A) {
            if let record = Array(line).withUnsafeBytes({ JournalRecord.parse($0) }), case .envelope = record.result {
                keys.insert(record.key.description)
            }
        }
        return keys
    }

    /// Cache keys a request asked for (one per id of a batch).
    static func requestedKeys(_ requests: [StubRequest]) -> Set<String> {
        Set(requests.flatMap { request in
            request.query["steamids"] != nil ? request.steamIDs.map { "\(request.method)/\($0)" } : [request.keyText]
        })
    }

    /// While armed, the server holds every answer past the first `after` requests (for a minute, then a 503): the run to
    /// be killed cannot finish before the watcher kills it, however late a busy machine schedules the watcher.
    final class Gate: Sendable {
        private let state = Mutex((armed: true, served: 0))
        let after: Int
        init(after: Int) { self.after = after }

        func reply(_ request: StubRequest, _ attempt: Int) -> StubReply? {
            state.withLock { gate in
                guard gate.armed else { return nil }
                gate.served += 1
                return gate.served > after ? .delayed(seconds: 60, .json("{}", status: 503)) : nil
            }
        }

        func open() { state.withLock { $0.armed = false } }
    }

    @Test func killedRunResumesAndEqualsAnUninterruptedRun() async throws {
        // 2 batch requests (80 keys) come first, then one request per player call: 60 requests answered leave the
        // journal between 90 and 140 of its 200 keys.
        let gate = Gate(after: 60)
        let server = try await StubSteamServer.start(latency: 0.01, faults: { gate.reply($0, $1) })
        defer { Task { await server.shutdown() } }
        let rig = try FetchTestRig(server: server)
        let idsFile = rig.root.appendingPathComponent("ids.txt")
        try (FetchTestRig.ids(40).joined(separator: "\n") + "\n").write(to: idsFile, atomically: true, encoding: .utf8)
        let killed = rig.root.appendingPathComponent("killed"), whole = rig.root.appendingPathComponent("whole")

        let child = try CommandRunner.start(Self.arguments(rig, ids: idsFile, out: killed), in: rig.root)
        // Watch the journal from a dispatch thread (not the cooperative pool, which a busy suite may starve) and
        // SIGKILL the child once the two batches (80 keys) and ten players' calls are in (the gate holds the rest).
        let journal = killed.appendingPathComponent(".fetch/journal.jsonl")
        let pid = child.process.processIdentifier
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline {
                    let lines = ((try? Data(contentsOf: journal)) ?? Data()).filter { $0 == 0x0A }.count
                    if lines >= 90 { break }
                    usleep(2_000)
                }
                kill(pid, SIGKILL)
                continuation.resume()
            }
        }
        let killedResult = await FetchTestRig.wait(child)
        gate.open()
        #expect(killedResult.status == 128 + SIGKILL, "the run ended before it was killed: \(killedResult.stderr)")
        let done = Self.journalKeys(killed)
        #expect(done.count >= 80 && done.count < 40 * 5)

        server.resetLog()
        let resumed = try await FetchTestRig.run(Self.arguments(rig, ids: idsFile, out: killed), in: rig.root)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let asked = Self.requestedKeys(server.requests)
        #expect(asked.isDisjoint(with: done), "asked again: \(asked.intersection(done).sorted().prefix(5))")
        #expect(asked.union(done).count == 40 * 5)

        let uninterrupted = try await FetchTestRig.run(Self.arguments(rig, ids: idsFile, out: whole), in: rig.root)
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")
        #expect(FetchTestRig.bundlesWithoutTimes(killed) == FetchTestRig.bundlesWithoutTimes(whole))
        #expect(FetchTestRig.bundlesWithoutTimes(whole).count == 5)
        for result in [resumed, uninterrupted] { #expect(!result.stderr.contains(FetchTestRig.apiKey)) }
    }
}
