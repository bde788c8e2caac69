#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Fetch
import Foundation

/// One fetch run: replay the journal, plan the calls that have no fresh answer, make them within the
/// rate, concurrency and time budget (retrying throttling, server and transport failures with backoff),
/// journal every answer and failure as it arrives, then publish the bundles, the failure ledger and the
/// summary. Killed at any point, the next run resumes from the journal.
public struct FetchRun: Sendable {
    public var configuration: FetchConfiguration
    public var clock: any FetchClock

    public init(configuration: FetchConfiguration, clock: any FetchClock = SystemFetchClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    /// Runs to the end and returns the summary (also written to `fetch_summary.json`).
    public func execute() async throws -> FetchSummary {
        let config = configuration
        let started = clock.monotonicNow()
        try DurableFile.makeDirectory(config.stateDirectory)
        let lock = try Self.lock(config.stateDirectory.appendingPathComponent("lock"))
        defer { close(lock) }
        let journal: FetchJournal
        do { journal = try FetchJournal(url: config.journalURL) } catch { throw FetchRunError("fetch.io", String(describing: error)) }
        let redactor = URLRedactor(secret: config.apiKey)
        let transport = SteamHTTPTransport(timeoutSeconds: config.timeoutSeconds, concurrency: config.concurrency, redactor: redactor)
        let counters = FetchCounters()
        let context = CallContext(config: config, clock: clock, journal: journal, transport: transport, counters: counters,
                                  limiter: RateLimiter(rate: config.requestsPerSecond, burst: config.burst, clock: clock),
                                  deadline: started + config.timeBudgetSeconds)
        var summary = FetchSummary()
        summary.tornBytesDropped = journal.tornBytesDropped
        do {
            // Vanity names first: their answers add players.
            let vanityPlan = FetchPlanner(answeredAt: await journal.state.answeredAt, now: clock.unixNow(), freshness: config.freshness)
            let vanityCalls = config.endpoints.contains(.resolveVanityURL) ? vanityPlan.vanityRequests(config.players.vanityNames) : []
            try await context.perform(vanityCalls)
            let resolved = await journal.state.resolvedVanities
            let players = Array(Set(config.players.steamIDs + config.players.vanityNames.compactMap { resolved[$0] }))
            let planner = FetchPlanner(answeredAt: await journal.state.answeredAt, now: clock.unixNow(), freshness: config.freshness)
            let calls = planner.requests(players: players, apps: config.apps, endpoints: config.endpoints)
            try await context.perform(calls)

            var wanted = Set(FetchPlanner(answeredAt: [:], now: 0).requests(players: players, apps: config.apps, endpoints: config.endpoints)
                .flatMap(\.keys))
            if config.endpoints.contains(.resolveVanityURL) {
                wanted.formUnion(config.players.vanityNames.map { CacheKey(endpoint: .resolveVanityURL, vanity: $0) })
            }
            summary.players = players.count
            summary.keysWanted = wanted.count
            summary.keysFresh = wanted.count - vanityCalls.reduce(0) { $0 + $1.keys.count } - calls.reduce(0) { $0 + $1.keys.count }
            let figures = await counters.snapshot()
            summary.calls = figures.calls
            summary.retries = figures.retries
            summary.keysAnswered = figures.answered
            summary.budgetExhausted = figures.budgetExhausted

            let failing = await journal.state.failing.filter { wanted.contains($0.key) }
            for item in failing { summary.failuresByKind[item.failure.kind, default: 0] += 1 }
            try await publishBundles(journal)
            try DurableFile.replace(config.failuresURL, text: FailureLedger.render(failing))
            try await journal.compactIfWorthIt()
            summary.wallSeconds = clock.monotonicNow() - started
            try DurableFile.replace(config.summaryURL, text: summary.json())
        } catch let error as FetchRunError {
            await transport.shutdown()
            await journal.closeFile()
            throw error
        } catch {
            await transport.shutdown()
            await journal.closeFile()
            throw FetchRunError("fetch.io", redactor.redact(String(describing: error)))
        }
        await transport.shutdown()
        await journal.closeFile()
        return summary
    }

    /// Runs `execute()` from synchronous code (the pipeline runner), blocking the calling thread.
    public func executeBlocking() throws -> FetchSummary {
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let run = self
        Task.detached {
            do { box.result = .success(try await run.execute()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// Each method's bundle, rebuilt from the newest answer per key in key order, replaced atomically.
    func publishBundles(_ journal: FetchJournal) async throws {
        for endpoint in SteamEndpoint.allCases {
            let answers = await journal.state.answers(for: endpoint)
            let url = configuration.bundleURL(endpoint)
            guard !answers.isEmpty else {
                if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
                continue
            }
            try await journal.publish(answers, to: url)
        }
    }

    /// An exclusive lock on the state directory: two fetches into one directory would interleave the journal.
    static func lock(_ url: URL) throws -> Int32 {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FetchRunError("fetch.io", "cannot open \(url.path)") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw FetchRunError("fetch.busy", "another fetch is writing to \(url.deletingLastPathComponent().deletingLastPathComponent().path)")
        }
        return fd
    }
}

private final class ResultBox: @unchecked Sendable {
    var result: Result<FetchSummary, any Error>?
}
