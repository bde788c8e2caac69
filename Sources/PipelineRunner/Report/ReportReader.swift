import Foundation
import Report

/// Reads an output directory into `ReportFigures`: the JSON summaries whole (they are small) and the CSV tables
/// streamed once each, aggregated on the way (`CSVTableScanner`), so memory does not grow with the rows.
/// A file that is missing leaves its section out; nothing here needs every stage to have run.
enum ReportReader {
    /// `renderedPairings`: the pairing rows' tally the run took while rendering `pairings.csv` into `directory`.
    static func read(_ directory: URL, player: String? = nil, renderedPairings: PairingScan? = nil) throws -> ReportFigures {
        let runSummary = json(directory, "run_summary.json")
        let name = runSummary?["pipeline"] as? String ?? directory.lastPathComponent
        var figures = ReportFigures(pipeline: name)
        let playerTally = PlayerTally(steamID: player)
        if let runSummary { figures.ingest = ingest(runSummary, diagnostics: json(directory, "diagnostics.json")) }
        try readPlayers(directory, into: &figures, tally: playerTally)
        if let summary = json(directory, "pairing_summary.json") {
            figures.pairing = try pairing(summary, directory: directory, tally: playerTally, rendered: renderedPairings)
            if exists(directory, "matches") { figures.matches = matches(summary) }
        }
        if let summary = json(directory, "trade_summary.json") { figures.trades = try trades(summary, directory: directory) }
        if let summary = json(directory, "lobby_summary.json") { figures.lobbies = lobbies(summary) }
        figures.dota = try dota(directory)
        if let player {
            var progress = PlayerProgress(steamID: player)
            progress.personaName = playerTally.personaName
            progress.pairings = playerTally.pairings
            progress.appearances = playerTally.appearances
            progress.weeks = try dotaProgress(directory, steamID: player)
            figures.player = progress
        }
        figures.headline = headline(of: directory)
        if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(previousHeadlinePath).path) {
            // No figures: the run replaced nothing of ours (a first run).
            figures.previousHeadline = (try? JSONDecoder().decode(HeadlineFigures.self, from: data)).flatMap { $0.figures.isEmpty ? nil : $0 }
        }
        return figures
    }

    /// Where a run keeps the headline figures of the output it replaced.
    static let previousHeadlinePath = "state/previous_headline.json"

    /// The headline figures of an output, from `run_summary.json` and `trade_summary.json`; nil without a run summary.
    static func headline(of directory: URL) -> HeadlineFigures? {
        guard let run = json(directory, "run_summary.json") else { return nil }
        var figures: [String: Int] = [:]
        for key in ["players", "player_games", "friendships", "errors", "warnings"] { figures[key] = run[key] as? Int }
        for (key, value) in run["stages"] as? [String: Any] ?? [:] { figures[key] = value as? Int }
        if let trade = json(directory, "trade_summary.json") { figures["users_trading"] = trade["users_trading"] as? Int }
        return HeadlineFigures(figures: figures)
    }

    // MARK: - Sections

    static func ingest(_ run: [String: Any], diagnostics: [String: Any]?) -> IngestFigures {
        var ingest = IngestFigures()
        ingest.filesRead = int(run, "files_read")
        ingest.documents = int(run, "documents")
        ingest.documentsByKind = NamedCount.ranked(counts(run, "documents_by_kind"))
        ingest.players = int(run, "players")
        ingest.playerGames = int(run, "player_games")
        ingest.friendships = int(run, "friendships")
        ingest.groups = int(run, "groups")
        ingest.errors = int(run, "errors")
        ingest.warnings = int(run, "warnings")
        var groups: [String: IngestFigures.DiagnosticGroup] = [:]
        for entry in diagnostics?["diagnostics"] as? [[String: Any]] ?? [] {
            let code = entry["code"] as? String ?? "(no code)"
            var group = groups[code] ?? .init(code: code, severity: entry["severity"] as? String ?? "", count: 0, examples: [])
            group.count += 1
            if group.examples.count < 3, let text = entry["text"] as? String { group.examples.append(text) }
            groups[code] = group
        }
        ingest.diagnostics = groups.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.code < $1.code }
        return ingest
    }

    static func readPlayers(_ directory: URL, into figures: inout ReportFigures, tally: PlayerTally) throws {
        var grid = DensityGrid()
        var visibility: [String: Int] = [:]
        let found = try CSVTableScanner.scan(table(directory, "players"),
                                             columns: ["latitude", "longitude", "visibility", "steamid", "persona_name"]) { row in
            grid.add(latitude: row.double(0), longitude: row.double(1))
            visibility[row.isEmpty(2) ? "unknown" : row.string(2), default: 0] += 1
            if let id = tally.steamID, !row.isEmpty(3), row.string(3) == id { tally.personaName = row.isEmpty(4) ? nil : row.string(4) }
        }
        guard found else { return }
        figures.density = grid
        figures.ingest?.visibility = NamedCount.ranked(visibility)
    }

    /// The pairing section. `rendered`: what the run tallied while it rendered `pairings.csv` (used instead of scanning
    /// the file again unless a player's figures are asked for).
    static func pairing(_ summary: [String: Any], directory: URL, tally: PlayerTally,
                        rendered: PairingScan? = nil) throws -> PairingFigures {
        var p = PairingFigures()
        p.players = int(summary, "players")
        p.playersWithGames = int(summary, "players_with_games")
        p.playersPaired = int(summary, "players_paired")
        p.pairings = int(summary, "pairings")
        p.k = int(summary, "k")
        p.listSizes = summary["list_size_distribution"] as? [Int] ?? []
        p.unpairedByReason = NamedCount.ranked(counts(summary, "unpaired_by_reason"))
        let merged: PairingScan
        if let rendered, tally.steamID == nil {
            merged = rendered
        } else {
            let playerID = tally.steamID.flatMap { Int($0) }
            let empty = PairingScan()
            // The largest table of a run: scanned in byte ranges on every core, merged in file order.
            let parts = try CSVTableScanner.scanInParallel(
                table(directory, "pairings"), columns: PairingScan.columns, workers: scanWorkers, initial: { empty }
            ) { scan, row in scan.add(row, playerID: playerID) } ?? []
            var all = empty
            for part in parts { all.merge(part) }
            merged = all
        }
        tally.pairings += merged.playerPairings
        tally.appearances += merged.playerAppearances
        let scores = merged.scores
        let bucketCounts = merged.bucketCounts
        var distances = merged.distances
        let appearances = merged.appearances
        let games = merged.games
        let gameNames = merged.gameNames
        p.scores = scores
        for (label, count) in zip(PairingFigures.distanceOrder, bucketCounts) where count > 0 { distances[label, default: 0] += count }
        p.distanceBuckets = PairingFigures.orderedDistances(distances)
        // Players with games who are in nobody's list count as zeros (as the summary's Gini does).
        let zeros = max(0, p.playersWithGames - appearances.count)
        p.exposure = ExposureCurve(counts: Array(appearances.values) + Array(repeating: 0, count: zeros))
        var named: [String: Int] = [:]
        for (appid, count) in games {
            let name = gameNames[appid] ?? ""
            // An unnamed game reads as the reasons call it ("app N").
            named[name.isEmpty ? "app \(appid)" : "\(name) (\(appid))", default: 0] += count
        }
        p.topGames = NamedCount.ranked(named, limit: 12)
        return p
    }

    static func matches(_ summary: [String: Any]) -> MatchFunnel {
        var m = MatchFunnel()
        let decisions = summary["decisions"] as? [String: Any] ?? [:]
        m.proposals = int(summary, "pairings")
        m.accepts = int(decisions, "accept")
        m.rejects = int(decisions, "reject")
        m.blocks = int(decisions, "block")
        m.matches = int(summary, "matches_total")
        m.newMatches = int(summary, "matches_new")
        m.dissolved = int(summary, "matches_dissolved")
        return m
    }

    /// At most this many loops are drawn, each of at most `drawnLoopLimit` trades.
    static let drawnLoops = 4
    static let drawnLoopLimit = 10

    static func trades(_ summary: [String: Any], directory: URL) throws -> TradeFigures {
        var t = TradeFigures()
        t.items = int(summary, "items")
        t.trades = int(summary, "trades")
        t.loops = int(summary, "loops")
        t.users = int(summary, "users")
        t.usersTrading = int(summary, "users_trading")
        t.maxLoopLength = int(summary, "max_loop_length")
        t.optimal = summary["optimal"] as? Bool
        t.stopReason = summary["stop_reason"] as? String
        t.itemsUpperBound = summary["items_upper_bound"] as? Int
        t.gap = summary["gap"] as? Double
        t.loopSizes = summary["loop_sizes"] as? [Int] ?? []
        var loops: [[TradeFigures.Hop]] = []
        var current: (id: String, hops: [TradeFigures.Hop])?
        func close() {
            if let done = current, done.hops.count <= drawnLoopLimit, loops.count < drawnLoops { loops.append(done.hops) }
            current = nil
        }
        try CSVTableScanner.scan(table(directory, "trade_loops"), columns: ["loop_id", "giver", "item_given", "receiver"]) { row in
            guard loops.count < drawnLoops else { return }
            let id = row.string(0)
            if current?.id != id { close(); current = (id, []) }
            if current!.hops.count <= drawnLoopLimit {
                current!.hops.append(.init(giver: row.string(1), item: row.string(2), receiver: row.string(3)))
            }
        }
        close()
        t.sampleLoops = loops
        return t
    }

    static func lobbies(_ summary: [String: Any]) -> LobbyFigures {
        var l = LobbyFigures()
        l.playersAsking = int(summary, "players_asking")
        l.playersPlaced = int(summary, "players_placed")
        l.requests = int(summary, "requests")
        l.requestsPlaced = int(summary, "requests_placed")
        l.lobbies = int(summary, "lobbies")
        let sizes = counts(summary, "lobby_size_histogram")
        l.sizes = sizes.keys.sorted { (Int($0) ?? 0, $0) < (Int($1) ?? 0, $1) }.map { NamedCount($0, sizes[$0]!) }
        l.unplacedByReason = NamedCount.ranked(counts(summary, "unplaced_by_reason"))
        return l
    }

    static func dota(_ directory: URL) throws -> DotaFigures? {
        var d = DotaFigures()
        var winners: [String: Int] = [:]
        let found = try CSVTableScanner.scan(table(directory, "dota_matches"), columns: ["winner"]) { row in
            d.matches += 1
            winners[row.isEmpty(0) ? "unknown" : row.string(0), default: 0] += 1
        }
        guard found else { return nil }
        d.winners = NamedCount.ranked(winners)
        var sides: [String: Int] = [:]
        var picks: [String: Int] = [:]
        var wins: [String: Int] = [:]
        try CSVTableScanner.scan(table(directory, "dota_match_players"), columns: ["side", "hero_id", "hero_name", "won"]) { row in
            sides[row.isEmpty(0) ? "unknown" : row.string(0), default: 0] += 1
            guard !row.isEmpty(1), row.int(1) != 0 else { return }  // hero 0: none picked yet
            let hero = row.isEmpty(2) ? "hero \(row.string(1))" : row.string(2)
            picks[hero, default: 0] += 1
            if row.string(3) == "true" { wins[hero, default: 0] += 1 }
        }
        d.sides = NamedCount.ranked(sides)
        d.heroesPicked = picks.count
        d.heroPicks = NamedCount.ranked(picks, limit: 15)
        d.heroWins = wins.filter { name, _ in d.heroPicks.contains { $0.name == name } }
        return d
    }

    static func dotaProgress(_ directory: URL, steamID: String) throws -> [PlayerProgress.Week] {
        var weeks: [PlayerProgress.Week] = []
        try CSVTableScanner.scan(table(directory, "dota_progress"),
                                 columns: ["steamid", "scope", "week", "games", "wins", "cumulative_games", "cumulative_wins"]) { row in
            guard row.string(0) == steamID, row.string(1) == "overall" else { return }
            weeks.append(.init(week: row.string(2), games: row.int(3) ?? 0, wins: row.int(4) ?? 0,
                               cumulativeGames: row.int(5) ?? 0, cumulativeWins: row.int(6) ?? 0))
        }
        return weeks.sorted { $0.week < $1.week }
    }

    // MARK: - Files

    static func table(_ directory: URL, _ name: String) -> URL { directory.appendingPathComponent("\(name).csv") }

    static func exists(_ directory: URL, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: table(directory, name).path)
            || FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).jsonl").path)
    }

    /// A small JSON object file of the output, or nil when it is missing or not an object.
    static func json(_ directory: URL, _ name: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// An integer of a summary, 0 when missing (an older output may lack a figure).
    static func int(_ object: [String: Any], _ key: String) -> Int { object[key] as? Int ?? 0 }

    /// A `{name: count}` object of a summary.
    static func counts(_ object: [String: Any], _ key: String) -> [String: Int] {
        (object[key] as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }

    /// What the passes learn about the `--player` on the way.
    /// Threads for scanning `pairings.csv`; the figures do not depend on it.
    static let scanWorkers = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// What one byte range of `pairings.csv` adds to the pairing figures.
    struct PairingScan: Sendable, Equatable {
        /// The `pairings.csv` columns a scan reads, in the order `add` expects them.
        static let columns = ["score", "distance_bucket", "candidate", "top_games", "steamid"]
        private static let bucketBytes = PairingFigures.distanceOrder.map { Array($0.utf8) }

        var scores = PairingFigures().scores
        var bucketCounts = Array(repeating: 0, count: PairingScan.bucketBytes.count)
        var distances: [String: Int] = [:]
        var appearances: [Int: Int] = [:]
        var games: [Int: Int] = [:]
        /// The first name seen for each appid (ranges merge in file order, so it is the file's first).
        var gameNames: [Int: String] = [:]
        var playerPairings = 0
        var playerAppearances = 0

        /// Counts one row (`columns`); with `playerID`, also that player's pairings and appearances.
        mutating func add(_ row: CSVTableScanner.Record, playerID: Int?) {
            if let score = row.double(0) { scores.add(score) }
            if let known = row.match(1, in: Self.bucketBytes) { bucketCounts[known] += 1 } else { distances[row.string(1), default: 0] += 1 }
            let candidate = row.int(2) ?? -1
            appearances[candidate, default: 0] += 1
            if let (appid, name) = TopGameField.first(row.raw(3), nameIfNew: { gameNames[$0] != nil }) {
                games[appid, default: 0] += 1
                if let name { gameNames[appid] = name }
            }
            if let playerID {
                if row.int(4) == playerID { playerPairings += 1 }
                if candidate == playerID { playerAppearances += 1 }
            }
        }

        mutating func merge(_ other: PairingScan) {
            scores.merge(other.scores)
            for i in bucketCounts.indices { bucketCounts[i] += other.bucketCounts[i] }
            distances.merge(other.distances, uniquingKeysWith: +)
            appearances.merge(other.appearances, uniquingKeysWith: +)
            games.merge(other.games, uniquingKeysWith: +)
            gameNames.merge(other.gameNames) { first, _ in first }
            playerPairings += other.playerPairings
            playerAppearances += other.playerAppearances
        }
    }

    final class PlayerTally {
        let steamID: String?
        var personaName: String?
        var pairings = 0
        var appearances = 0

        init(steamID: String?) {
            self.steamID = steamID
        }
    }
}
