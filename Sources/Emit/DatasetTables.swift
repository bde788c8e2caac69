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

    /// The same tables as `tables(for:)`, built `rowsPerChunk` records at a time while they are written; the
    /// writers get each row field by field (`RowFieldSink`), never as cells.
    public static func streamedTables(for dataset: PlayerDataset, rowsPerChunk: Int = 16_384) -> [StreamedTable] {
        // Inlined per table so each row is read in place from the array's storage (no copy of the record, and
        // no retain and release of its strings, as an unspecialized generic loop does). Each format gets the row
        // definition specialized for its own sink (no dynamic dispatch per field).
        @inline(__always)
        func streamed<Element: Sendable>(_ name: String, _ columns: [String], _ items: [Element],
                                         cells cellRow: @escaping @Sendable (Element, CellRowSink) -> Void,
                                         csv csvRow: @escaping @Sendable (Element, CSVRowSink) -> Void,
                                         jsonl jsonRow: @escaping @Sendable (Element, JSONLinesRowSink) -> Void,
                                         parquet parquetRow: @escaping @Sendable (Element, ParquetPageSink) -> Void) -> StreamedTable {
            var table = StreamedTable(
                name: name, columns: columns, count: items.count, itemsPerChunk: rowsPerChunk,
                rows: { range in
                    let sink = CellRowSink()
                    items.withUnsafeBufferPointer { rows in for i in range { cellRow(rows[i], sink) } }
                    return sink.rows
                },
                renderBytes: { range, csv, jsonl, rendered in
                    if csv {
                        var buffer: [UInt8] = []
                        swap(&buffer, &rendered.csv)
                        let sink = CSVRowSink(capacity: 1 << 20, reusing: buffer)
                        items.withUnsafeBufferPointer { rows in for i in range { csvRow(rows[i], sink) } }
                        rendered.rows = sink.rows
                        swap(&sink.bytes, &rendered.csv)
                    }
                    if jsonl {
                        var buffer: [UInt8] = []
                        swap(&buffer, &rendered.jsonl)
                        let sink = JSONLinesRowSink(columns: columns, capacity: 1 << 20, reusing: buffer)
                        items.withUnsafeBufferPointer { rows in for i in range { jsonRow(rows[i], sink) } }
                        rendered.rows = sink.rows
                        swap(&sink.bytes, &rendered.jsonl)
                    }
                })
            table.renderChunk = Self.renderChunk(items, rowsPerChunk: rowsPerChunk, parquet: parquetRow, cells: cellRow)
            return table
        }
        return [
            streamed("players", playerColumns, dataset.players,
                     cells: { playerRow($0, $1) }, csv: { playerRow($0, $1) }, jsonl: { playerRow($0, $1) },
                     parquet: { playerRow($0, $1) }),
            playerGamesTable(dataset.games, rowsPerChunk: rowsPerChunk),
            streamed("friendships", friendshipColumns, dataset.friendships,
                     cells: { friendshipRow($0, $1) }, csv: { friendshipRow($0, $1) }, jsonl: { friendshipRow($0, $1) },
                     parquet: { friendshipRow($0, $1) }),
            streamed("groups", groupColumns, dataset.groups,
                     cells: { groupRow($0, $1) }, csv: { groupRow($0, $1) }, jsonl: { groupRow($0, $1) },
                     parquet: { groupRow($0, $1) }),
            streamed("group_members", groupMemberColumns, dataset.groupMembers,
                     cells: { groupMemberRow($0, $1) }, csv: { groupMemberRow($0, $1) }, jsonl: { groupMemberRow($0, $1) },
                     parquet: { groupMemberRow($0, $1) }),
            streamed("achievements", achievementColumns, dataset.achievements,
                     cells: { achievementRow($0, $1) }, csv: { achievementRow($0, $1) }, jsonl: { achievementRow($0, $1) },
                     parquet: { achievementRow($0, $1) }),
            streamed("preferences", preferenceColumns, dataset.preferences,
                     cells: { preferenceRow($0, $1) }, csv: { preferenceRow($0, $1) }, jsonl: { preferenceRow($0, $1) },
                     parquet: { preferenceRow($0, $1) }),
        ]
    }

    /// `player_games` rendered to bytes by `PlayerGamesRowRenderer` (both formats in one pass, the renderers'
    /// caches kept from chunk to chunk); its cells come from `playerGameRow`, the definition the bytes equal.
    static func playerGamesTable(_ games: [PlayerGame], rowsPerChunk: Int) -> StreamedTable {
        let renderers = RendererPool { PlayerGamesRowRenderer() }
        var table = StreamedTable(
            name: "player_games", columns: playerGameColumns, count: games.count, itemsPerChunk: rowsPerChunk,
            rows: { range in
                let cells = CellRowSink()
                for i in range { playerGameRow(games[i], cells) }
                return cells.rows
            },
            renderBytes: { range, csv, jsonl, rendered in
                var renderer = renderers.take()
                renderer.render(games, range, csv: csv, jsonl: jsonl, into: &rendered)
                renderers.give(renderer)
            })
        table.renderChunk = renderChunk(games, rowsPerChunk: rowsPerChunk, parquet: { playerGameRow($0, $1) },
                                        cells: { playerGameRow($0, $1) })
        return table
    }

    /// A table's `renderChunk` over `items` in chunks of `rowsPerChunk`: a `ParquetPageSink` gets each row field by
    /// field, specialized for it (`parquet`); any other sink gets the row's cells (`cells`).
    @inline(__always)
    static func renderChunk<Element: Sendable>(_ items: [Element], rowsPerChunk: Int,
                                               parquet parquetRow: @escaping @Sendable (Element, ParquetPageSink) -> Void,
                                               cells cellRow: @escaping @Sendable (Element, CellRowSink) -> Void)
        -> @Sendable (_ index: Int, _ sink: any RowFieldSink) -> Void {
        let size = max(1, rowsPerChunk)
        return { index, sink in
            let range = (index * size)..<min(items.count, (index + 1) * size)
            items.withUnsafeBufferPointer { rows in
                if let parquet = sink as? ParquetPageSink {
                    for i in range { parquetRow(rows[i], parquet) }
                } else {
                    for i in range { sink.row(cells(rows[i], cellRow)) }
                }
            }
        }
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

    /// One record's row as cells (for the keyed tables and tests), from the same definition the writers use.
    static func cells<Element>(_ item: Element, _ row: (Element, CellRowSink) -> Void) -> [Cell] {
        let sink = CellRowSink()
        row(item, sink)
        return sink.rows[0]
    }

    static func playerRow(_ p: Player) -> [Cell] { cells(p) { playerRow($0, $1) } }
    static func playerGameRow(_ g: PlayerGame) -> [Cell] { cells(g) { playerGameRow($0, $1) } }
    static func friendshipRow(_ f: Friendship) -> [Cell] { cells(f) { friendshipRow($0, $1) } }
    static func groupRow(_ g: Group) -> [Cell] { cells(g) { groupRow($0, $1) } }
    static func groupMemberRow(_ m: GroupMembership) -> [Cell] { cells(m) { groupMemberRow($0, $1) } }
    static func achievementRow(_ a: AchievementProgress) -> [Cell] { cells(a) { achievementRow($0, $1) } }
    static func preferenceRow(_ p: PlayerPreferences) -> [Cell] { cells(p) { preferenceRow($0, $1) } }

    static func playerRow<S: RowFieldSink>(_ p: Player, _ s: S) {
        s.id(p.steamID.rawValue); s.optional(p.personaName); s.optional(p.profileURL); s.optional(p.customURL)
        s.optional(p.realName); s.string(p.visibility.rawValue); s.optional(p.country); s.optional(p.state)
        s.optional(p.cityID); s.optional(p.locationText); s.optional(p.latitude, places: 5); s.optional(p.longitude, places: 5)
        s.optional(p.locationAccuracyKm, places: 1); s.optional(p.memberSince); s.optional(p.timeCreated)
        s.optional(p.lastLogoff); s.optional(id: p.primaryGroupID?.rawValue); s.optional(p.vacBanned)
        s.optional(p.vacBanCount); s.optional(p.gameBans); s.optional(p.communityBanned); s.optional(p.economyBan)
        s.optional(p.daysSinceLastBan); s.optional(p.tradeBanState); s.bool(p.gamesKnown); s.bool(p.friendsKnown)
        s.strings(p.sources)
        s.endRow()
    }

    static func playerGameRow<S: RowFieldSink>(_ g: PlayerGame, _ s: S) {
        s.id(g.steamID.rawValue); s.int(Int64(g.appID)); s.optional(g.name); s.int(Int64(g.minutesTotal))
        s.optional(g.minutes2Weeks); s.optional(g.lastPlayed); s.strings(g.sources)
        s.endRow()
    }

    static func friendshipRow<S: RowFieldSink>(_ f: Friendship, _ s: S) {
        s.id(f.a.rawValue); s.id(f.b.rawValue); s.optional(f.friendSince); s.strings(f.sources)
        s.endRow()
    }

    static func groupRow<S: RowFieldSink>(_ g: Group, _ s: S) {
        s.id(g.groupID.rawValue); s.optional(g.name); s.optional(g.url); s.optional(g.headline)
        s.optional(g.memberCount); s.strings(g.sources)
        s.endRow()
    }

    static func groupMemberRow<S: RowFieldSink>(_ m: GroupMembership, _ s: S) {
        s.id(m.groupID.rawValue); s.id(m.steamID.rawValue); s.strings(m.sources)
        s.endRow()
    }

    static func achievementRow<S: RowFieldSink>(_ a: AchievementProgress, _ s: S) {
        s.id(a.steamID.rawValue); s.optional(a.appID.map { Int64($0) }); s.optional(a.gameName)
        s.int(Int64(a.achieved)); s.int(Int64(a.total)); s.optional(a.achievedGlobalPercentMean, places: 4); s.strings(a.sources)
        s.endRow()
    }

    static func preferenceRow<S: RowFieldSink>(_ p: PlayerPreferences, _ s: S) {
        s.id(p.steamID.rawValue); s.cell(.list(p.favoriteAppIDs.map { .int(Int64($0)) })); s.optional(p.maxDistanceKm, places: 1)
        s.bool(p.anywhere); s.strings(p.languages); s.optional(p.timeZone); s.strings(p.availabilityText)
        if let mask = p.availability {
            s.cell(.list((0..<WeeklyHourMask.hoursPerWeek).filter(mask.contains(hour:)).map { .int(Int64($0)) }))
        } else {
            s.null()
        }
        s.strings(p.lobbies.map(\.text)); s.strings(p.sources)
        s.endRow()
    }
}
