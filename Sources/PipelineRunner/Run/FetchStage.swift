import Fetch
import FetchIO
import Foundation
import PipelineCore
import PipelineSpec

/// The `fetch` stage: before ingest, fetch the players of the dataset's `preferences.jsonl` (or an id
/// file) into `<input>/fetched/` (or `dir`), so `normalize` reads them as bundles. Failed calls are in
/// the ledger (`<dir>/.fetch/fetch_failures.jsonl`) and one warning; nothing of the fetch (times, counts)
/// goes into the published output.
struct FetchStage {
    var options: StageOptions
    var input: URL
    var inputDisplay: String
    var resolve: (String) -> URL

    func run(diagnostics: DiagnosticLog) throws -> FetchSummary {
        let directory = options.string("dir").map(resolve) ?? input.appendingPathComponent("fetched")
        let key: String
        let players: PlayerIDList
        do {
            key = try APIKeySource.resolve(keyFile: options.string("key_file").map(resolve))
            let ids = options.string("ids")
            players = try PlayerIDSource.load(idsFile: ids.map(resolve), preferencesFile: input.appendingPathComponent("preferences.jsonl"),
                                              displayPath: ids ?? "\(inputDisplay)/preferences.jsonl", diagnostics: diagnostics)
        } catch let error as FetchRunError {
            throw PipelineDefinitionError(diagnostics: [.error(error.code, error.message)])
        }
        var config = FetchConfiguration(apiKey: key, directory: directory, players: players)
        if let base = options.string("api_base") { config.apiBase = base }
        if let apps = options.strings("apps").flatMap(FetchStageOptions.apps) { config.apps = apps }
        if let endpoints = options.strings("endpoints").flatMap(FetchStageOptions.endpoints) { config.endpoints = endpoints }
        if let rate = options.double("requests_per_second") { config.requestsPerSecond = rate }
        if let burst = options.int("burst") { config.burst = Double(burst) }
        if let concurrency = options.int("concurrency") { config.concurrency = concurrency }
        if let timeout = options.double("timeout_seconds") { config.timeoutSeconds = timeout }
        if let attempts = options.int("max_attempts") { config.maxAttempts = attempts }
        if let budget = options.double("time_budget_seconds") { config.timeBudgetSeconds = budget }
        let summary = try FetchRun(configuration: config).executeBlocking()
        DiagnosticPrinter.standardError(summary.line + "\n")
        if summary.failures > 0 {
            diagnostics.warning("fetch.failures", "\(summary.failures) fetch requests failed; they are listed in the fetch ledger and retried by the next run")
        }
        return summary
    }
}
