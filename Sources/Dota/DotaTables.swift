import Ingest
import PipelineCore
import PlayerModel

/// The Dota 2 output tables: `dota_matches`, `dota_match_players`, `dota_heroes`, `dota_player_stats` and
/// `dota_progress`, rows sorted by key. Written only when a run read Dota documents.
public enum DotaTables {
    public static let matchColumns = [
        "match_id", "match_seq_num", "start_time", "start_date", "duration_s", "game_mode", "lobby_type", "winner",
        "first_blood_s", "league_id", "human_players", "players_listed", "anonymous_players", "bots", "detailed", "sources",
    ]
    public static let playerColumns = [
        "match_id", "player_slot", "side", "position", "steamid", "account", "hero_id", "hero_name", "kills", "deaths",
        "assists", "leaver_status", "won",
    ]
    public static let heroColumns = ["hero_id", "name", "localized_name", "role", "sources"]
    public static let statsColumns = [
        "steamid", "matches", "decided", "wins", "win_rate", "radiant_matches", "radiant_share", "favourite_side", "top_heroes",
        "average_duration_s", "abandons", "first_match", "last_match", "roles",
    ]
    public static let progressColumns = [
        "steamid", "scope", "hero_id", "hero_name", "week", "week_start", "games", "wins", "win_rate", "cumulative_games",
        "cumulative_wins", "cumulative_win_rate",
    ]

    /// All five tables of a dataset, whole (for small datasets and tests; runs use `streamedTables`).
    public static func tables(for dataset: DotaDataset) -> [Table] {
        streamedTables(for: dataset).map { $0.materialized() }
    }

    /// All five tables, each produced chunk by chunk from the merged matches and the player index, so only
    /// the chunks being written hold rows (a million matches are ten million player rows).
    public static func streamedTables(for dataset: DotaDataset) -> [StreamedTable] {
        let names = HeroNames(dataset.heroNames())
        let matches = dataset.matches
        let index = DotaPlayerIndex(matches)
        return [
            StreamedTable(name: "dota_matches", columns: matchColumns, count: matches.count, itemsPerChunk: 16_384) { range in
                matches[range].map(matchRow)
            },
            StreamedTable(name: "dota_match_players", columns: playerColumns, count: matches.count, itemsPerChunk: 4_096) { range in
                var rows: [[Cell]] = []
                rows.reserveCapacity(range.count * 10)
                for match in matches[range] { for player in match.facts.players { rows.append(playerRow(match, player, names)) } }
                return rows
            },
            StreamedTable(heroesTable(dataset)),
            StreamedTable(name: "dota_player_stats", columns: statsColumns, count: index.count, itemsPerChunk: 4_096) { range in
                range.map { statsRow(index.stats(of: $0), names) }
            },
            StreamedTable(name: "dota_progress", columns: progressColumns, count: index.count, itemsPerChunk: 1_024) { range in
                range.flatMap { index.progress(of: $0).map { progressRow($0, names) } }
            },
        ]
    }

    /// Hero display names by id as an array (a lookup per player row).
    struct HeroNames: Sendable {
        private let names: [String?]
        init(_ byID: [Int: String]) {
            var names = [String?](repeating: nil, count: (byID.keys.max() ?? 0) + 1)
            for (id, name) in byID where id >= 0 { names[id] = name }
            self.names = names
        }
        subscript(_ id: Int?) -> String? {
            guard let id, id >= 0, id < names.count else { return nil }
            return names[id]
        }
    }

    static func matchRow(_ match: DotaMatch) -> [Cell] {
        let f = match.facts
        let winner: Cell = f.radiantWin.map { .string($0 ? "radiant" : "dire") } ?? .null
        var anonymous = 0
        var bots = 0
        for player in f.players {
            switch player.account {
            case .anonymous: anonymous += 1
            case .bot: bots += 1
            default: break
            }
        }
        return [
            .id(f.matchID), .optional(id: f.matchSeqNum), .optional(f.startTime),
            f.startTime.map { .string(ISOWeek.dateText(days: Int($0 / 86_400))) } ?? .null,
            .optional(f.duration), .optional(f.gameMode), .optional(f.lobbyType), winner, .optional(f.firstBloodTime),
            .optional(f.leagueID), .optional(f.humanPlayers), .int(f.players.count), .int(anonymous), .int(bots),
            .bool(f.isDetailed), .list(match.sources.map(Cell.string)),
        ]
    }

    static func playerRow(_ match: DotaMatch, _ player: DotaPlayerFacts, _ names: HeroNames) -> [Cell] {
        let account = player.account
        return [
            .id(match.matchID), .int(Int64(player.slot)), .string(player.isDire ? "dire" : "radiant"),
            .int(Int64(player.slot & 0x7F)), .optional(id: player.steamIDRawValue), .string(account.label),
            .optional(player.heroID), .optional(names[player.heroID]), .optional(player.kills),
            .optional(player.deaths), .optional(player.assists), .optional(player.leaverStatus), .optional(match.won(player)),
        ]
    }

    static func heroesTable(_ dataset: DotaDataset) -> Table {
        var table = Table(name: "dota_heroes", columns: heroColumns)
        for (hero, sources) in zip(dataset.heroes, dataset.heroSources) {
            table.append([
                .int(hero.id), .optional(hero.name), .optional(hero.localizedName),
                .optional(DotaHeroRoles.primary[hero.id]?.rawValue), .list(sources.map(Cell.string)),
            ])
        }
        return table
    }

    static func statsRow(_ s: DotaPlayerStats, _ names: HeroNames) -> [Cell] {
        let top = s.topHeroes.map { hero in
            Cell.object([
                .init("hero_id", .int(hero.heroID)), .init("name", .optional(names[hero.heroID])), .init("games", .int(hero.games)),
                .init("wins", .int(hero.wins)), .init("win_rate", .optional(hero.winRate, places: 4)),
            ])
        }
        return [
            .id(s.steamID.rawValue), .int(s.matches), .int(s.decided), .int(s.wins), .optional(s.winRate, places: 4),
            .int(s.radiantMatches), .optional(s.radiantShare, places: 4), .string(s.favouriteSide), .list(top),
            .optional(s.averageDuration, places: 1), .int(s.abandons),
            .optional(s.firstMatch.map { ISOWeek.dateText(days: Int($0 / 86_400)) }),
            .optional(s.lastMatch.map { ISOWeek.dateText(days: Int($0 / 86_400)) }),
            .list(s.roles.roles.map { .string($0.rawValue) }),
        ]
    }

    static func progressRow(_ row: DotaStatistics.WeekRow, _ names: HeroNames) -> [Cell] {
        [
            .id(row.steamID.rawValue), .string(row.heroID == nil ? "overall" : "hero"), .optional(row.heroID),
            .optional(names[row.heroID]), .string(row.week.label), .string(row.week.mondayText),
            .int(row.games), .int(row.wins), .fixed(Double(row.wins) / Double(row.games), places: 4),
            .int(row.cumulativeGames), .int(row.cumulativeWins),
            .fixed(Double(row.cumulativeWins) / Double(row.cumulativeGames), places: 4),
        ]
    }
}
