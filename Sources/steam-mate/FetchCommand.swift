import ArgumentParser
import Fetch
import FetchIO
import Foundation
import PipelineCore
import PipelineRunner
import PipelineSpec

/// `steam-mate fetch [DATASET] [--ids FILE] [--out DIR]`: fetches the players' Web API documents into
/// bundles that `convert`/`normalize` read (README, "Fetch").
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch Steam Web API data for a dataset's players (politely, resumably) into JSON Lines bundles.",
        discussion: """
            The key comes from --key-file or STEAM_API_KEY and is never printed. Players: --ids FILE (SteamID64s or \
            vanity names, one per line) or DATASET/preferences.jsonl. Bundles go to --out (default DATASET/fetched); \
            the journal, failure ledger and summary to its .fetch/ folder.
            Exit status: 0 every call answered, 1 some calls failed (see .fetch/fetch_failures.jsonl; the next run \
            retries them), 2 bad option or no key, 3 the output could not be written or another fetch holds it.
            """
    )

    @Argument(help: "A dataset directory whose preferences.jsonl lists the players.")
    var dataset: String?

    @Option(help: "A file of SteamID64s or vanity names, one per line (instead of the dataset's preferences).")
    var ids: String?

    @Option(help: "Where the bundles go (default: DATASET/fetched).")
    var out: String?

    @Option(help: "A file whose first line is the Steam Web API key (default: the STEAM_API_KEY variable).")
    var keyFile: String?

    @Option(help: "The Web API base URL (tests and mirrors).")
    var apiBase = FetchConfiguration.defaultAPIBase

    @Option(help: "App ids for achievements, schemas and global percentages, comma-separated.")
    var apps: String?

    @Option(help: "Only these Web API methods, comma-separated (default: all).")
    var endpoints: String?

    @Option(help: "Calls per second (default 1: 86,400 a day, under Steam's 100,000 per key).")
    var rate = 1.0

    @Option(help: "Calls that may start back to back after an idle spell or a late wake-up (the bucket's capacity).")
    var burst = 10

    @Option(help: "Calls in flight.")
    var concurrency = 4

    @Option(help: "Seconds per call before it counts as timed out.")
    var timeout = 30.0

    @Option(help: "Calls per request, the first included.")
    var maxAttempts = 4

    @Option(help: "The run's time budget in seconds; calls not started by then are in the ledger as fetch.notAttempted.")
    var budget = 21_600.0

    @Option(help: "Seed of the retry jitter.")
    var seed: UInt64 = 1

    func run() throws {
        try OptionCheck.require([
            ("--rate", rate, OptionRanges.fetchRequestsPerSecond), ("--burst", Double(burst), OptionRanges.fetchBurst),
            ("--concurrency", Double(concurrency), OptionRanges.fetchConcurrency), ("--timeout", timeout, OptionRanges.fetchTimeoutSeconds),
            ("--max-attempts", Double(maxAttempts), OptionRanges.fetchMaxAttempts), ("--budget", budget, OptionRanges.fetchTimeBudgetSeconds),
        ])
        let appList: [UInt32] = try apps.map { text -> [UInt32] in
            guard let parsed = FetchStageOptions.apps(text.split(separator: ",").map(String.init)) else { throw usage("--apps must list app ids") }
            return parsed
        } ?? []
        let endpointSet: Set<SteamEndpoint> = try endpoints.map { text -> Set<SteamEndpoint> in
            guard let parsed = FetchStageOptions.endpoints(text.split(separator: ",").map(String.init)) else {
                throw usage("--endpoints must list Web API methods (\(SteamEndpoint.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return parsed
        } ?? Set(SteamEndpoint.allCases)
        guard apiBase.hasPrefix("http://") || apiBase.hasPrefix("https://") else { throw usage("--api-base must be an http:// or https:// URL") }
        guard let outPath = out ?? dataset.map({ "\($0)/fetched" }) else { throw usage("give a DATASET or --out DIR") }
        guard ids != nil || dataset != nil else { throw usage("give --ids FILE or a DATASET with preferences.jsonl") }

        let log = DiagnosticLog()
        var configuration: FetchConfiguration
        do {
            let key = try APIKeySource.resolve(keyFile: keyFile.map { URL(fileURLWithPath: $0) })
            let players = try PlayerIDSource.load(idsFile: ids.map { URL(fileURLWithPath: $0) },
                                                  preferencesFile: dataset.map { URL(fileURLWithPath: $0).appendingPathComponent("preferences.jsonl") },
                                                  displayPath: ids ?? "\(dataset ?? ".")/preferences.jsonl", diagnostics: log)
            configuration = FetchConfiguration(apiKey: key, directory: URL(fileURLWithPath: outPath), players: players)
        } catch let error as FetchRunError {
            DiagnosticPrinter.printToStandardError(log.sorted() + [.error(error.code, error.message)])
            throw ExitCode(error.code == "fetch.io" ? ExitStatus.outputError.rawValue : ExitStatus.definitionError.rawValue)
        }
        configuration.apiBase = apiBase
        configuration.apps = appList
        configuration.endpoints = endpointSet
        configuration.requestsPerSecond = rate
        configuration.burst = Double(burst)
        configuration.concurrency = concurrency
        configuration.timeoutSeconds = timeout
        configuration.maxAttempts = maxAttempts
        configuration.timeBudgetSeconds = budget
        configuration.backoff.seed = seed
        DiagnosticPrinter.printToStandardError(log.sorted())

        let summary: FetchSummary
        do {
            summary = try FetchRun(configuration: configuration).executeBlocking()
        } catch let error as FetchRunError {
            DiagnosticPrinter.printToStandardError([.error(error.code, error.message)])
            throw ExitCode(ExitStatus.outputError.rawValue)
        }
        Self.printLedger(configuration.failuresURL, display: "\(outPath)/.fetch/fetch_failures.jsonl")
        DiagnosticPrinter.standardError(summary.line + "\n→ \(outPath)\n")
        if summary.failures > 0 || log.count(.error) > 0 { throw ExitCode(ExitStatus.inputErrors.rawValue) }
    }

    func usage(_ message: String) -> ExitCode {
        DiagnosticPrinter.printToStandardError([.error("option.invalid", message)])
        return ExitCode(ExitStatus.definitionError.rawValue)
    }

    /// The ledger's first 20 entries as `path:line: warning: key: cause [kind]` lines.
    static func printLedger(_ url: URL, display: String) {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
        let entries = FailureLedger.entries(text)
        var out = ""
        for (index, entry) in entries.prefix(20).enumerated() {
            out += "\(display):\(index + 1): warning: \(entry.key): \(entry.cause) [\(entry.kind)]\n"
        }
        if entries.count > 20 { out += "… and \(entries.count - 20) more in \(display)\n" }
        DiagnosticPrinter.standardError(out)
    }
}
