import Fetch

/// Options of the `fetch` stage (README, "Fetch"). Paths are relative to the working directory; `dir`
/// defaults to `<input>/fetched`, so the `normalize` stage that follows reads what was fetched.
public enum FetchStageOptions {
    public static let spec = StageOptionSpec([
        "ids": .string,
        "key_file": .string,
        "api_base": .string,
        "dir": .string,
        "apps": .strings,
        "endpoints": .strings,
        "requests_per_second": .double,
        "burst": .int,
        "concurrency": .int,
        "timeout_seconds": .double,
        "max_attempts": .int,
        "time_budget_seconds": .double,
    ])

    /// `apps` entries are app ids (1…4294967295).
    public static func apps(_ texts: [String]) -> [UInt32]? {
        let parsed = texts.compactMap { UInt32($0) }.filter { $0 > 0 }
        return parsed.count == texts.count ? parsed : nil
    }

    /// `endpoints` entries are Web API method names (`GetOwnedGames`, …).
    public static func endpoints(_ texts: [String]) -> Set<SteamEndpoint>? {
        let parsed = texts.compactMap(SteamEndpoint.init(rawValue:))
        return parsed.count == texts.count && !parsed.isEmpty ? Set(parsed) : nil
    }

    /// Messages for values of the right type but the wrong form.
    public static func problems(_ options: StageOptions) -> [String] {
        var out: [String] = []
        if let texts = options.strings("apps"), apps(texts) == nil {
            out.append("'apps' in stage 'fetch' must list app ids (1…4294967295)")
        }
        if let texts = options.strings("endpoints"), endpoints(texts) == nil {
            out.append("'endpoints' in stage 'fetch' must list Web API methods (\(SteamEndpoint.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if let base = options.string("api_base"), !(base.hasPrefix("http://") || base.hasPrefix("https://")) {
            out.append("'api_base' in stage 'fetch' must be an http:// or https:// URL")
        }
        return out
    }
}
