import Foundation

/// The rows `PlayerView` found for one player, and their rendering as text (pure: no I/O).
struct PlayerViewSections {
    var steamID: String
    var profile: [String: Any]?
    var games: [[String: Any]] = []
    var friendCount = 0
    var pairings: [[String: Any]] = []
    var unpaired: [String: Any]?
    var matches: [[String: Any]] = []
    var trades: [[String: Any]] = []
    var dotaStats: [String: Any]?
    var dotaProgress: [[String: Any]] = []
    var dotaMatches: [[String: Any]] = []
    /// Persona names of the other players mentioned.
    var names: [String: String] = [:]

    var mentionsPlayer: Bool {
        profile != nil || !pairings.isEmpty || unpaired != nil || !matches.isEmpty || !trades.isEmpty || dotaStats != nil
            || !dotaMatches.isEmpty
    }

    func text() -> String {
        var lines: [String] = []
        lines += profileLines()
        lines += pairingLines()
        if !matches.isEmpty {
            lines += ["", "Matches (\(matches.count))"]
            for match in matches.sorted(by: { str($0, "matched_at") ?? "" < str($1, "matched_at") ?? "" }) {
                let other = str(match, "a") == steamID ? str(match, "b") ?? "?" : str(match, "a") ?? "?"
                lines.append("  with \(who(other))\(str(match, "matched_at").map { " since \($0)" } ?? "")")
            }
        }
        lines += tradeLines()
        lines += dotaLines()
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Sections

    private func profileLines() -> [String] {
        var title = "Player \(steamID)"
        if let name = str(profile, "persona_name") { title += " — \(name)" }
        if let real = str(profile, "real_name") { title += " (\(real))" }
        var lines = [title]
        guard let profile else {
            lines.append("  not in the players table of this output")
            return lines
        }
        let place = [str(profile, "location_text"), str(profile, "city_id").map { "city \($0)" }, str(profile, "state"), str(profile, "country")]
            .compactMap { $0 }
        if !place.isEmpty { lines.append("  location: \(place.joined(separator: ", "))") }
        var facts = ["profile \(str(profile, "visibility") ?? "unknown")"]
        facts.append(profile["games_known"] as? Bool == true ? "\(games.count) games" : "games unknown")
        facts.append(profile["friends_known"] as? Bool == true ? "\(friendCount) friends" : "friends unknown")
        lines.append("  " + facts.joined(separator: " · "))
        let top = games.sorted { (num($0, "minutes_total") ?? 0, str($1, "name") ?? "") > (num($1, "minutes_total") ?? 0, str($0, "name") ?? "") }
            .prefix(5)
            .map { "\(str($0, "name") ?? "app \(str($0, "appid") ?? "?")") (\(hours(num($0, "minutes_total"))))" }
        if !top.isEmpty { lines.append("  most played: " + top.joined(separator: ", ")) }
        return lines
    }

    private func pairingLines() -> [String] {
        guard !pairings.isEmpty || unpaired != nil else { return [] }
        var lines = ["", "Pairings (\(pairings.count))"]
        if let reason = str(unpaired, "reason") { lines.append("  not paired: \(reason.replacingOccurrences(of: "_", with: " "))") }
        for row in pairings.sorted(by: { (num($0, "rank") ?? 0) < (num($1, "rank") ?? 0) }) {
            var head = "  #\(str(row, "rank") ?? "?") \(who(str(row, "candidate") ?? "?"))"
            if let score = str(row, "score") { head += "  score \(score)" }
            if let distance = str(row, "distance_km") { head += "  \(distance) km" }
            if let together = num(row, "dota_matches_together"), together > 0 { head += "  [played Dota together]" }
            lines.append(head)
            if let reason = str(row, "reason") { lines.append("      \(reason)") }
        }
        return lines
    }

    private func tradeLines() -> [String] {
        let given = trades.filter { str($0, "giver") == steamID }
        guard !given.isEmpty else { return [] }
        var lines = ["", "Trades (\(given.count))"]
        for row in given.sorted(by: { (num($0, "loop_id") ?? 0) < (num($1, "loop_id") ?? 0) }) {
            lines.append("  loop \(str(row, "loop_id") ?? "?"): you send \(str(row, "item_given") ?? "?") to \(who(str(row, "receiver") ?? "?")) and receive \(str(row, "item_giver_receives") ?? "?")")
        }
        return lines
    }

    private func dotaLines() -> [String] {
        guard let stats = dotaStats else { return [] }
        var lines = ["", "Dota 2"]
        let matches = num(stats, "matches") ?? 0
        let decided = num(stats, "decided") ?? 0
        let wins = num(stats, "wins") ?? 0
        var summary = "  \(plural(Int(matches), "match", "matches"))"
        if decided > 0 { summary += ", \(Int(wins)) won of \(Int(decided)) with a known result (\(percent(num(stats, "win_rate"))))" }
        lines.append(summary)
        var sides = "  side: \(str(stats, "favourite_side") ?? "?") (radiant in \(percent(num(stats, "radiant_share"))))"
        if let seconds = num(stats, "average_duration_s") { sides += " · average match \(Int(seconds) / 60) min \(Int(seconds) % 60) s" }
        sides += " · \(plural(Int(num(stats, "abandons") ?? 0), "abandon", "abandons"))"
        lines.append(sides)
        if let roles = stats["roles"] as? [String], !roles.isEmpty { lines.append("  plays: \(roles.joined(separator: ", ")) heroes") }
        if let top = stats["top_heroes"] as? [[String: Any]], !top.isEmpty {
            lines.append("  top heroes: " + top.map { hero in
                let name = str(hero, "name") ?? "hero \(str(hero, "hero_id") ?? "?")"
                let rate = num(hero, "win_rate").map { ", \(percent($0)) won" } ?? ""
                return "\(name) (\(plural(Int(num(hero, "games") ?? 0), "game", "games"))\(rate))"
            }.joined(separator: "; "))
        }
        let recent = dotaMatches.sorted { (num($0, "match_id") ?? 0) > (num($1, "match_id") ?? 0) }.prefix(5)
        if !recent.isEmpty {
            lines.append("  latest matches:")
            for row in recent {
                let result = (row["won"] as? Bool).map { $0 ? "won" : "lost" } ?? "result unknown"
                let kda = [str(row, "kills"), str(row, "deaths"), str(row, "assists")]
                let kdaText = kda.contains { $0 == nil } ? "" : " \(kda.map { $0! }.joined(separator: "/"))"
                lines.append("    \(str(row, "match_id") ?? "?") \(str(row, "side") ?? "?") \(str(row, "hero_name") ?? "hero \(str(row, "hero_id") ?? "?")")\(kdaText), \(result)")
            }
        }
        if !dotaProgress.isEmpty {
            lines.append("  win rate by week (ISO, UTC):")
            let scopes = Dictionary(grouping: dotaProgress) { str($0, "hero_name") ?? str($0, "hero_id") ?? "" }
            for scope in scopes.keys.sorted() {
                lines.append("    \(scope.isEmpty ? "all heroes" : scope)")
                for row in scopes[scope]! {
                    let rate = num(row, "win_rate") ?? 0
                    let bar = String(repeating: "█", count: Int((rate * 10).rounded()))
                    let padded = bar + String(repeating: "·", count: 10 - bar.count)
                    lines.append("      \(str(row, "week") ?? "?")  \(padded) \(percent(rate)) of \(str(row, "games") ?? "?")  (to date \(percent(num(row, "cumulative_win_rate"))) of \(str(row, "cumulative_games") ?? "?"))")
                }
            }
        }
        return lines
    }

    // MARK: - Values

    private func plural(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }

    private func who(_ id: String) -> String { names[id].map { "\(id) (\($0))" } ?? id }

    private func str(_ row: [String: Any]?, _ key: String) -> String? {
        switch row?[key] {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    private func num(_ row: [String: Any]?, _ key: String) -> Double? {
        switch row?[key] {
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text)
        default: nil
        }
    }

    private func percent(_ value: Double?) -> String {
        guard let value else { return "?" }
        let tenths = Int((value * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }

    private func hours(_ minutes: Double?) -> String {
        guard let minutes else { return "? h" }
        return "\(Int((minutes / 60).rounded())) h"
    }
}
