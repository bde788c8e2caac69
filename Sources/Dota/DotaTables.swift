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

    /// All five tables of a dataset.
    public static func tables(for dataset: DotaDataset) -> [Table] {
        let names = dataset.heroNames()
        let stats = DotaStatistics.playerStats(dataset.matches)
        return [
            matchesTable(dataset.matches),
            playersTable(dataset.matches, names: names),
            heroesTable(dataset),
            statsTable(stats, names: names),
            progressTable(DotaStatistics.progress(dataset.matches), names: names),
        ]
    }

    static func matchesTable(_ matches: [DotaMatch]) -> Table {
        var table = Table(name: "dota_matches", columns: matchColumns)
        table.rows.reserveCapacity(matches.count)
        for match in matches {
            let f = match.facts
            let winner: Cell = f.radiantWin.map { .string($0 ? "radiant" : "dire") } ?? .null
            table.rows.append([
                .id(f.matchID), .optional(id: f.matchSeqNum), .optional(f.startTime),
                f.startTime.map { .string(ISOWeek.dateText(days: Int($0 / 86_400))) } ?? .null,
                .optional(f.duration), .optional(f.gameMode), .optional(f.lobbyType), winner, .optional(f.firstBloodTime),
                .optional(f.leagueID), .optional(f.humanPlayers), .int(f.players.count),
                .int(f.players.count { $0.account == .anonymous }), .int(f.players.count { $0.account == .bot }),
                .bool(f.isDetailed), .list(match.sources.map(Cell.string)),
            ])
        }
        return table
    }

    static func playersTable(_ matches: [DotaMatch], names: [Int: String]) -> Table {
        var table = Table(name: "dota_match_players", columns: playerColumns)
        table.rows.reserveCapacity(matches.count * 10)
        for match in matches {
            for player in match.facts.players {
                table.rows.append([
                    .id(match.matchID), .int(Int64(player.slot)), .string(player.isDire ? "dire" : "radiant"),
                    .int(Int64(player.slot & 0x7F)), .optional(id: player.account.steamID?.rawValue), .string(player.account.label),
                    .optional(player.heroID), .optional(player.heroID.flatMap { names[$0] }), .optional(player.kills),
                    .optional(player.deaths), .optional(player.assists), .optional(player.leaverStatus), .optional(match.won(player)),
                ])
            }
        }
        return table
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

    static func statsTable(_ stats: [DotaPlayerStats], names: [Int: String]) -> Table {
        var table = Table(name: "dota_player_stats", columns: statsColumns)
        for s in stats {
            let top = s.topHeroes.map { hero in
                Cell.object([
                    .init("hero_id", .int(hero.heroID)), .init("name", .optional(names[hero.heroID])), .init("games", .int(hero.games)),
                    .init("wins", .int(hero.wins)), .init("win_rate", .optional(hero.winRate, places: 4)),
                ])
            }
            table.append([
                .id(s.steamID.rawValue), .int(s.matches), .int(s.decided), .int(s.wins), .optional(s.winRate, places: 4),
                .int(s.radiantMatches), .optional(s.radiantShare, places: 4), .string(s.favouriteSide), .list(top),
                .optional(s.averageDuration, places: 1), .int(s.abandons),
                .optional(s.firstMatch.map { ISOWeek.dateText(days: Int($0 / 86_400)) }),
                .optional(s.lastMatch.map { ISOWeek.dateText(days: Int($0 / 86_400)) }),
                .list(s.roles.roles.map { .string($0.rawValue) }),
            ])
        }
        return table
    }

    static func progressTable(_ rows: [DotaStatistics.WeekRow], names: [Int: String]) -> Table {
        var table = Table(name: "dota_progress", columns: progressColumns)
        for row in rows {
            table.append([
                .id(row.steamID.rawValue), .string(row.heroID == nil ? "overall" : "hero"), .optional(row.heroID),
                .optional(row.heroID.flatMap { names[$0] }), .string(row.week.label), .string(row.week.mondayText),
                .int(row.games), .int(row.wins), .fixed(Double(row.wins) / Double(row.games), places: 4),
                .int(row.cumulativeGames), .int(row.cumulativeWins),
                .fixed(Double(row.cumulativeWins) / Double(row.cumulativeGames), places: 4),
            ])
        }
        return table
    }
}
