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

    public static let playerGameColumns = ["steamid", "appid", "name", "minutes_total", "minutes_2weeks", "last_played", "sources"]
    public static let friendshipColumns = ["steamid_a", "steamid_b", "friend_since", "sources"]
    public static let groupColumns = ["groupid", "name", "url", "headline", "member_count", "sources"]
    public static let groupMemberColumns = ["groupid", "steamid", "sources"]
    public static let achievementColumns = ["steamid", "appid", "game_name", "achieved", "total", "achieved_global_percent_mean", "sources"]
    public static let preferenceColumns = [
        "steamid", "favorite_appids", "max_distance_km", "anywhere", "languages", "time_zone", "availability",
        "availability_utc_hours", "lobbies", "sources",
    ]

    public static func tables(for dataset: PlayerDataset) -> [Table] {
        streamedTables(for: dataset).map { $0.materialized() }
    }

    /// The same tables as `tables(for:)`, built `rowsPerChunk` records at a time while they are written.
    public static func streamedTables(for dataset: PlayerDataset, rowsPerChunk: Int = 16_384) -> [StreamedTable] {
        func streamed<Element: Sendable>(_ name: String, _ columns: [String], _ items: [Element],
                                         _ row: @escaping @Sendable (Element) -> [Cell]) -> StreamedTable {
            StreamedTable(name: name, columns: columns, count: items.count, itemsPerChunk: rowsPerChunk) { range in
                items[range].map(row)
            }
        }
        return [
            streamed("players", playerColumns, dataset.players, playerRow),
            streamed("player_games", playerGameColumns, dataset.games, playerGameRow),
            streamed("friendships", friendshipColumns, dataset.friendships, friendshipRow),
            streamed("groups", groupColumns, dataset.groups, groupRow),
            streamed("group_members", groupMemberColumns, dataset.groupMembers, groupMemberRow),
            streamed("achievements", achievementColumns, dataset.achievements, achievementRow),
            streamed("preferences", preferenceColumns, dataset.preferences, preferenceRow),
        ]
    }

    /// Every dataset table with each row's sort key, in the order `streamedTables(for:)` lists them: what
    /// lets sorted pieces of the dataset (partitions) be merged into the tables `streamedTables` would give.
    public static func forEachKeyedTable(
        of dataset: PlayerDataset,
        _ body: (_ name: String, _ columns: [String], _ count: Int, _ row: (Int) -> (key: DatasetRowKey, cells: [Cell])) throws -> Void
    ) rethrows {
        try body("players", playerColumns, dataset.players.count) { i in
            let p = dataset.players[i]
            return (DatasetRowKey(p.steamID.rawValue), playerRow(p))
        }
        try body("player_games", playerGameColumns, dataset.games.count) { i in
            let g = dataset.games[i]
            return (DatasetRowKey(g.steamID.rawValue, UInt64(g.appID)), playerGameRow(g))
        }
        try body("friendships", friendshipColumns, dataset.friendships.count) { i in
            let f = dataset.friendships[i]
            return (DatasetRowKey(f.a.rawValue, f.b.rawValue), friendshipRow(f))
        }
        try body("groups", groupColumns, dataset.groups.count) { i in
            let g = dataset.groups[i]
            return (DatasetRowKey(g.groupID.rawValue), groupRow(g))
        }
        try body("group_members", groupMemberColumns, dataset.groupMembers.count) { i in
            let m = dataset.groupMembers[i]
            return (DatasetRowKey(m.groupID.rawValue, m.steamID.rawValue), groupMemberRow(m))
        }
        try body("achievements", achievementColumns, dataset.achievements.count) { i in
            let a = dataset.achievements[i]
            return (DatasetRowKey(a.steamID.rawValue, UInt64(a.appID ?? 0), a.gameName ?? ""), achievementRow(a))
        }
        try body("preferences", preferenceColumns, dataset.preferences.count) { i in
            let p = dataset.preferences[i]
            return (DatasetRowKey(p.steamID.rawValue), preferenceRow(p))
        }
    }

    static func sources(_ list: [String]) -> Cell { .list(list.map(Cell.string)) }

    static func playerRow(_ p: Player) -> [Cell] {
        [
                .id(p.steamID.rawValue), .optional(p.personaName), .optional(p.profileURL), .optional(p.customURL),
                .optional(p.realName), .string(p.visibility.rawValue), .optional(p.country), .optional(p.state),
                .optional(p.cityID), .optional(p.locationText), .optional(p.latitude, places: 5), .optional(p.longitude, places: 5),
                .optional(p.locationAccuracyKm, places: 1), .optional(p.memberSince), .optional(p.timeCreated),
                .optional(p.lastLogoff), .optional(id: p.primaryGroupID?.rawValue), .optional(p.vacBanned),
                .optional(p.vacBanCount), .optional(p.gameBans), .optional(p.communityBanned), .optional(p.economyBan),
                .optional(p.daysSinceLastBan), .optional(p.tradeBanState), .bool(p.gamesKnown), .bool(p.friendsKnown),
                sources(p.sources),
            ]
    }

    static func playerGameRow(_ g: PlayerGame) -> [Cell] {
        [.id(g.steamID.rawValue), .int(Int64(g.appID)), .optional(g.name), .int(g.minutesTotal),
         .optional(g.minutes2Weeks), .optional(g.lastPlayed), sources(g.sources)]
    }

    static func friendshipRow(_ f: Friendship) -> [Cell] {
        [.id(f.a.rawValue), .id(f.b.rawValue), .optional(f.friendSince), sources(f.sources)]
    }

    static func groupRow(_ g: Group) -> [Cell] {
        [.id(g.groupID.rawValue), .optional(g.name), .optional(g.url), .optional(g.headline),
         .optional(g.memberCount), sources(g.sources)]
    }

    static func groupMemberRow(_ m: GroupMembership) -> [Cell] {
        [.id(m.groupID.rawValue), .id(m.steamID.rawValue), sources(m.sources)]
    }

    static func achievementRow(_ a: AchievementProgress) -> [Cell] {
        [.id(a.steamID.rawValue), a.appID.map { .int(Int64($0)) } ?? .null, .optional(a.gameName),
         .int(a.achieved), .int(a.total), .optional(a.achievedGlobalPercentMean, places: 4), sources(a.sources)]
    }

    static func preferenceRow(_ p: PlayerPreferences) -> [Cell] {
        let hours: Cell = p.availability.map { mask in
            .list((0..<WeeklyHourMask.hoursPerWeek).filter(mask.contains(hour:)).map { .int(Int64($0)) })
        } ?? .null
        return [
            .id(p.steamID.rawValue), .list(p.favoriteAppIDs.map { .int(Int64($0)) }), .optional(p.maxDistanceKm, places: 1),
            .bool(p.anywhere), .list(p.languages.map(Cell.string)), .optional(p.timeZone),
            .list(p.availabilityText.map(Cell.string)), hours, .list(p.lobbies.map { .string($0.text) }), sources(p.sources),
        ]
    }
}
