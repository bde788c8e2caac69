extension DatasetTables {
    /// Each dataset table's Parquet columns, in column order: the types the canonical tables declare for Spark and
    /// Arrow (`SCHEMAS` in `Pipelines/spark/steam_mate_spark.py`). Ids are strings, as in the JSON Lines.
    public static let parquetColumns: [String: [ParquetColumn]] = [
        "players": [
            .init("steamid", .string), .init("persona_name", .string), .init("profile_url", .string),
            .init("custom_url", .string), .init("real_name", .string), .init("visibility", .string),
            .init("country", .string), .init("state", .string), .init("city_id", .int64),
            .init("location_text", .string), .init("latitude", .double), .init("longitude", .double),
            .init("location_accuracy_km", .double), .init("member_since", .string), .init("time_created", .int64),
            .init("last_logoff", .int64), .init("primary_group_id", .string), .init("vac_banned", .bool),
            .init("vac_ban_count", .int64), .init("game_bans", .int64), .init("community_banned", .bool),
            .init("economy_ban", .string), .init("days_since_last_ban", .int64), .init("trade_ban_state", .string),
            .init("games_known", .bool), .init("friends_known", .bool), .init("sources", .stringList),
        ],
        "player_games": [
            .init("steamid", .string), .init("appid", .int64), .init("name", .string), .init("minutes_total", .int64),
            .init("minutes_2weeks", .int64), .init("last_played", .int64), .init("sources", .stringList),
        ],
        "friendships": [
            .init("steamid_a", .string), .init("steamid_b", .string), .init("friend_since", .int64),
            .init("sources", .stringList),
        ],
        "groups": [
            .init("groupid", .string), .init("name", .string), .init("url", .string), .init("headline", .string),
            .init("member_count", .int64), .init("sources", .stringList),
        ],
        "group_members": [.init("groupid", .string), .init("steamid", .string), .init("sources", .stringList)],
        "achievements": [
            .init("steamid", .string), .init("appid", .int64), .init("game_name", .string), .init("achieved", .int64),
            .init("total", .int64), .init("achieved_global_percent_mean", .double), .init("sources", .stringList),
        ],
        "preferences": [
            .init("steamid", .string), .init("favorite_appids", .int64List), .init("max_distance_km", .double),
            .init("anywhere", .bool), .init("languages", .stringList), .init("time_zone", .string),
            .init("availability", .stringList), .init("availability_utc_hours", .int64List),
            .init("lobbies", .stringList), .init("sources", .stringList),
        ],
    ]
}
