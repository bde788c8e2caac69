import PipelineCore
import PlayerModel

/// Seeded trade requests among a population, in the app's `trade_requests.jsonl` schema (see the README).
///
/// Authors are players with at least two played games and a location. Each offers one of its played games
/// and accepts one to five games played by other players of its city (in an order drawn by the seed); most
/// requests are `active`, some `in_progress` or `sold`, so the trade stage has something to skip.
public enum SyntheticTradeRequests {
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
        var gamesByCity: [String: [UInt32]] = [:]
        for player in authors {
            gamesByCity[cityKey(player), default: []] += playedByPlayer[player.steamID] ?? []
        }
        for key in gamesByCity.keys { gamesByCity[key] = Array(Set(gamesByCity[key]!)).sorted() }

        var lines: [String] = []
        for index in 0..<count {
            let author = authors[Int(rng.next() % UInt64(authors.count))]
            let own = playedByPlayer[author.steamID]!.sorted()
            let offered = own[Int(rng.next() % UInt64(own.count))]
            let pool = (gamesByCity[cityKey(author)] ?? []).filter { !own.contains($0) }
            guard !pool.isEmpty else { continue }
            let wanted = 1 + Int(rng.next() % 5)
            var accepted: [UInt32] = []
            for _ in 0..<(wanted * 4) where accepted.count < wanted {
                let candidate = pool[Int(rng.next() % UInt64(pool.count))]
                if !accepted.contains(candidate) { accepted.append(candidate) }
            }
            let roll = rng.next() % 10
            let status = roll == 0 ? "sold" : roll == 1 ? "in_progress" : "active"
            let day = 1 + index % 28
            var line = "{\"request_id\":\"sample-\(index + 1)\",\"author\":\"\(author.steamID)\""
            line += ",\"offered_appid\":\(offered),\"offered_title\":" + JSONText.quoted(titles[offered] ?? "App \(offered)")
            line += ",\"accepted_appids\":[" + accepted.map(String.init).joined(separator: ",") + "]"
            line += ",\"status\":\"\(status)\",\"created_at\":\"2025-04-\(day < 10 ? "0" : "")\(day)T12:00:00Z\""
            line += ",\"country\":" + JSONText.quoted(author.country ?? "") + ",\"state\":" + JSONText.quoted(author.state ?? "")
            line += ",\"city_id\":\(author.cityID ?? 0)}"
            lines.append(line)
        }
        return lines
    }

    private static func cityKey(_ player: Player) -> String {
        "\(player.country ?? "")/\(player.state ?? "")/\(player.cityID ?? 0)"
    }
}
