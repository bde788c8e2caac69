import PipelineCore
import PlayerModel

/// The canonical dataset as output tables. Column names are the documented file schema; the
/// `sources` column lists the dataset-relative files (`file` or `file:line`) every row came from.
public enum DatasetTables {
    public static let playerColumns = [
        "steamid", "persona_name", "profile_url", "custom_url", "real_name", "visibility", "country", "state", "city_id",
        "location_text", "latitude", "longitude", "location_accuracy_km", "member_since", "time_created", "last_logoff",
        "primary_group_id", "vac_banned", "vac_ban_count", "game_bans", "community_banned", "economy_ban",
        "days_since_last_ban", "trade_ban_state", "games_known", "friends_known", "sources",
    ]

    public static func tables(for dataset: PlayerDataset) -> [Table] {
        [players(dataset), playerGames(dataset), friendships(dataset), groups(dataset), groupMembers(dataset),
         achievements(dataset), preferences(dataset)]
    }

    static func sources(_ list: [String]) -> Cell { .list(list.map(Cell.string)) }

    static func players(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "players", columns: playerColumns)
        table.rows.reserveCapacity(dataset.players.count)
        for p in dataset.players {
            table.append([
                .id(p.steamID.rawValue), .optional(p.personaName), .optional(p.profileURL), .optional(p.customURL),
                .optional(p.realName), .string(p.visibility.rawValue), .optional(p.country), .optional(p.state),
                .optional(p.cityID), .optional(p.locationText), .optional(p.latitude, places: 5), .optional(p.longitude, places: 5),
                .optional(p.locationAccuracyKm, places: 1), .optional(p.memberSince), .optional(p.timeCreated),
                .optional(p.lastLogoff), .optional(id: p.primaryGroupID?.rawValue), .optional(p.vacBanned),
                .optional(p.vacBanCount), .optional(p.gameBans), .optional(p.communityBanned), .optional(p.economyBan),
                .optional(p.daysSinceLastBan), .optional(p.tradeBanState), .bool(p.gamesKnown), .bool(p.friendsKnown),
                sources(p.sources),
            ])
        }
        return table
    }

    static func playerGames(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "player_games",
                          columns: ["steamid", "appid", "name", "minutes_total", "minutes_2weeks", "last_played", "sources"])
        table.rows.reserveCapacity(dataset.games.count)
        for g in dataset.games {
            table.append([.id(g.steamID.rawValue), .int(Int64(g.appID)), .optional(g.name), .int(g.minutesTotal),
                          .optional(g.minutes2Weeks), .optional(g.lastPlayed), sources(g.sources)])
        }
        return table
    }

    static func friendships(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "friendships", columns: ["steamid_a", "steamid_b", "friend_since", "sources"])
        for f in dataset.friendships {
            table.append([.id(f.a.rawValue), .id(f.b.rawValue), .optional(f.friendSince), sources(f.sources)])
        }
        return table
    }

    static func groups(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "groups", columns: ["groupid", "name", "url", "headline", "member_count", "sources"])
        for g in dataset.groups {
            table.append([.id(g.groupID.rawValue), .optional(g.name), .optional(g.url), .optional(g.headline),
                          .optional(g.memberCount), sources(g.sources)])
        }
        return table
    }

    static func groupMembers(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "group_members", columns: ["groupid", "steamid", "sources"])
        for m in dataset.groupMembers {
            table.append([.id(m.groupID.rawValue), .id(m.steamID.rawValue), sources(m.sources)])
        }
        return table
    }

    static func achievements(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "achievements",
                          columns: ["steamid", "appid", "game_name", "achieved", "total", "achieved_global_percent_mean", "sources"])
        for a in dataset.achievements {
            table.append([.id(a.steamID.rawValue), a.appID.map { .int(Int64($0)) } ?? .null, .optional(a.gameName),
                          .int(a.achieved), .int(a.total), .optional(a.achievedGlobalPercentMean, places: 4), sources(a.sources)])
        }
        return table
    }

    static func preferences(_ dataset: PlayerDataset) -> Table {
        var table = Table(name: "preferences", columns: [
            "steamid", "favorite_appids", "max_distance_km", "anywhere", "languages", "time_zone", "availability",
            "availability_utc_hours", "lobbies", "sources",
        ])
        for p in dataset.preferences {
            let hours: Cell = p.availability.map { mask in
                .list((0..<WeeklyHourMask.hoursPerWeek).filter(mask.contains(hour:)).map { .int(Int64($0)) })
            } ?? .null
            table.append([
                .id(p.steamID.rawValue), .list(p.favoriteAppIDs.map { .int(Int64($0)) }), .optional(p.maxDistanceKm, places: 1),
                .bool(p.anywhere), .list(p.languages.map(Cell.string)), .optional(p.timeZone),
                .list(p.availabilityText.map(Cell.string)), hours, .list(p.lobbies.map { .string($0.text) }), sources(p.sources),
            ])
        }
        return table
    }
}
