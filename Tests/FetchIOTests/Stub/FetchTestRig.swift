import Fetch
import FetchIO
import Foundation
import PipelineTestSupport

/// A temporary directory, a key file and a fetch configuration aimed at a stub server, with fast
/// defaults (high rate, short timeouts, tiny backoff) so the suite stays quick.
struct FetchTestRig {
    static let apiKey = "TESTKEY5EC2E7AB1DEADBEEF0042"

    let root: URL
    let server: StubSteamServer

    init(server: StubSteamServer) throws {
        self.server = server
        root = try RepositoryPaths.temporaryDirectory("steam-mate-fetch")
        try Self.apiKey.write(to: keyFile, atomically: true, encoding: .utf8)
    }

    var keyFile: URL { root.appendingPathComponent("steam.key") }
    var out: URL { root.appendingPathComponent("fetched") }

    static func ids(_ count: Int, from first: UInt64 = 100) -> [String] {
        (0..<UInt64(count)).map { String(76_561_197_960_265_728 + first + $0) }
    }

    func configuration(ids: [String], vanity: [String] = [], apps: [UInt32] = [], out: URL? = nil) -> FetchConfiguration {
        var config = FetchConfiguration(apiKey: Self.apiKey, directory: out ?? self.out, players: PlayerIDList(steamIDs: ids, vanityNames: vanity))
        config.apiBase = server.base
        config.apps = apps
        config.requestsPerSecond = 2_000
        config.burst = 50
        config.concurrency = 8
        // Generous: the stub answers at once, but a test suite running in parallel can starve it for a long time (the
        // loaded CI rehearsals saw fetch tests take 10 minutes and answers time out at 10 s). Tests of timeouts set their own.
        config.timeoutSeconds = 120
        config.maxAttempts = 3
        config.backoff = BackoffPolicy(base: 0.01, maximum: 0.05, seed: 7)
        return config
    }

    /// Runs the binary on a dispatch thread, so waiting for it does not hold one of the few cooperative
    /// threads the other (timing-sensitive) tests need.
    static func run(_ arguments: [String], in directory: URL) async throws -> CommandRunner.Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try CommandRunner.run(arguments, in: directory) }) }
        }
    }

    static func wait(_ child: CommandRunner.Running) async -> CommandRunner.Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: child.wait()) }
        }
    }

    /// Every regular file under `directory` (hidden ones included), relative path → bytes.
    static func tree(_ directory: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let base = directory.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return out }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            out[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try? Data(contentsOf: url)
        }
        return out
    }

    /// The bundles with every `fetched_at` value blanked (they hold the fetch time).
    static func bundlesWithoutTimes(_ directory: URL) -> [String: String] {
        var out: [String: String] = [:]
        for (path, data) in tree(directory) where !path.hasPrefix(".") {
            out[path] = String(decoding: data, as: UTF8.self)
                .replacingOccurrences(of: #""fetched_at":"[0-9TZ:-]+""#, with: "\"fetched_at\":\"T\"", options: .regularExpression)
        }
        return out
    }

    static func ledger(_ config: FetchConfiguration) -> [String: FailureLedger.Entry] {
        let text = (try? String(contentsOf: config.failuresURL, encoding: .utf8)) ?? ""
        return Dictionary(uniqueKeysWithValues: FailureLedger.entries(text).map { ($0.key, $0) })
    }

    /// Keys (`Method/id…`) present in the published bundles.
    static func bundleKeys(_ directory: URL) -> Set<String> {
        var keys = Set<String>()
        for (path, data) in tree(directory) where !path.hasPrefix(".") {
            let source = String(path.dropLast(".jsonl".count))
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                var parts = [source]
                if let id = line.firstMatch(of: /^\{"steamid":"(\d+)"/) { parts.append(String(id.1)) }
                if let app = line.firstMatch(of: /"appid":(\d+),"body"/) { parts.append(String(app.1)) }
                if source == "ResolveVanityURL" { parts.append("?") }
                keys.insert(parts.joined(separator: "/"))
            }
        }
        return keys
    }
}
