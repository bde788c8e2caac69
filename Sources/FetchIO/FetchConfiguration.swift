import Fetch
import Foundation

/// Everything one fetch run needs. Defaults are polite for one key: 1 call/s (86,400 a day, under
/// Steam's 100,000 per key per day) with bursts of at most 10, 4 calls in flight, 30 s per call, 4 attempts,
/// a 6-hour budget.
public struct FetchConfiguration: Sendable {
    public static let defaultAPIBase = "https://api.steampowered.com"

    public var apiBase = FetchConfiguration.defaultAPIBase
    public var apiKey: String
    /// Bundles are published here (`<Method>.jsonl`); the journal, ledger and summary live in `.fetch/` inside.
    public var directory: URL
    public var players: PlayerIDList
    /// Apps for GetPlayerAchievements, GetSchemaForGame and GetGlobalAchievementPercentagesForApp.
    public var apps: [UInt32] = []
    public var endpoints: Set<SteamEndpoint> = Set(SteamEndpoint.allCases)
    public var requestsPerSecond = 1.0
    /// Calls that may start back to back after an idle spell (the bucket's capacity). Above 1 it also lets a run
    /// that woke late catch up to the rate instead of losing the time for good.
    public var burst = 10.0
    public var concurrency = 4
    public var timeoutSeconds = 30.0
    public var maxAttempts = 4
    public var timeBudgetSeconds = 6.0 * 3_600
    public var backoff = BackoffPolicy(base: 1, maximum: 60, seed: 1)
    /// Freshness overrides per method, in seconds.
    public var freshness: [SteamEndpoint: Int64] = [:]

    public init(apiKey: String, directory: URL, players: PlayerIDList) {
        self.apiKey = apiKey
        self.directory = directory
        self.players = players
    }

    var stateDirectory: URL { directory.appendingPathComponent(".fetch") }
    var journalURL: URL { stateDirectory.appendingPathComponent("journal.jsonl") }
    public var failuresURL: URL { stateDirectory.appendingPathComponent("fetch_failures.jsonl") }
    public var summaryURL: URL { stateDirectory.appendingPathComponent("fetch_summary.json") }
    func bundleURL(_ endpoint: SteamEndpoint) -> URL { directory.appendingPathComponent("\(endpoint.rawValue).jsonl") }
}
