import PipelineCore
import PlayerModel

/// Seeded trade requests among a population, in the app's `trade_requests.jsonl` schema (see the README).
///
/// Authors are players with at least two played games and a location; each offers one of its played games.
/// Like a real marketplace, the accepted games are mostly games other authors of the same city offer (so
/// swaps and loops exist), in an order drawn by the seed, sometimes with a game nobody offers. Most
/// requests are `active`; some are `in_progress` or `sold`, so the trade stage has something to skip.
public enum SyntheticTradeRequests {
    struct Draft {
        var author: Player
        var offered: UInt32
    }

    public static func lines(for dataset: PlayerDataset, count: Int, seed: UInt64) -> [String] {
        var rng = SeededGenerator(seed: seed ^ 0x7472_6164_6573)
        var playedByPlayer: [SteamID64: [UInt32]] = [:]
        for game in dataset.games where game.minutesTotal > 0 {
            playedByPlayer[game.steamID, default: []].append(game.appID)
        }
        var titles: [UInt32: String] = [:]
        for game in dataset.games where titles[game.appID] == nil { titles[game.appID] = game.name }
        let authors = dataset.players.filter { $0.cityID != nil && (playedByPlayer[$0.steamID]?.count ?? 0) >= 2 }
        guard !authors.isEmpty else { return [] }

        var drafts: [Draft] = []
        for _ in 0..<count {
            let author = authors[Int(rng.next() % UInt64(authors.count))]
            let own = playedByPlayer[author.steamID]!.sorted()
            drafts.append(Draft(author: author, offered: own[Int(rng.next() % UInt64(own.count))]))
        }
        var offeredByCity: [String: [UInt32]] = [:]
        for draft in drafts { offeredByCity[cityKey(draft.author), default: []].append(draft.offered) }
        let everyOffer = Array(Set(drafts.map(\.offered))).sorted()

        var lines: [String] = []
        for (index, draft) in drafts.enumerated() {
            let own = Set(playedByPlayer[draft.author.steamID] ?? [])
            let local = (offeredByCity[cityKey(draft.author)] ?? []).filter { !own.contains($0) }
            let wanted = 1 + Int(rng.next() % 5)
            var accepted: [UInt32] = []
            for _ in 0..<(wanted * 4) where accepted.count < wanted {
                let pool = !local.isEmpty && rng.next() % 5 != 0 ? local : everyOffer
                let candidate = pool[Int(rng.next() % UInt64(pool.count))]
                if candidate != draft.offered, !own.contains(candidate), !accepted.contains(candidate) { accepted.append(candidate) }
            }
            guard !accepted.isEmpty else { continue }
            let roll = rng.next() % 10
            let status = roll == 0 ? "sold" : roll == 1 ? "in_progress" : "active"
            let day = 1 + index % 28
            var line = "{\"request_id\":\"sample-\(index + 1)\",\"author\":\"\(draft.author.steamID)\""
            line += ",\"offered_appid\":\(draft.offered),\"offered_title\":" + JSONText.quoted(titles[draft.offered] ?? "App \(draft.offered)")
            line += ",\"accepted_appids\":[" + accepted.map(String.init).joined(separator: ",") + "]"
            line += ",\"status\":\"\(status)\",\"created_at\":\"2025-04-\(day < 10 ? "0" : "")\(day)T12:00:00Z\""
            line += ",\"country\":" + JSONText.quoted(draft.author.country ?? "") + ",\"state\":" + JSONText.quoted(draft.author.state ?? "")
            line += ",\"city_id\":\(draft.author.cityID ?? 0)}"
            lines.append(line)
        }
        return lines
    }

    private static func cityKey(_ player: Player) -> String {
        "\(player.country ?? "")/\(player.state ?? "")/\(player.cityID ?? 0)"
    }
}
