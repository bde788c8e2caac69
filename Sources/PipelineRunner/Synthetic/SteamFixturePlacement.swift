/// Where each shared real Steam fixture (`fixtures/steam/`, named `<repo>__<file>`) goes in the dataset
/// layout. Files are copied byte for byte; owners were checked against the ids inside each file and the
/// request ids in the originating test suites.
public enum SteamFixturePlacement {
    public struct Entry: Sendable {
        public var fixture: String
        /// Dataset-relative destination; for `.bundleLine` the bundle file the compacted body is appended to.
        public var destination: String
        public var mode: Mode
        public var note: String
    }

    public enum Mode: Sendable {
        /// Byte-for-byte copy.
        case copy
        /// The JSON body, whitespace outside strings removed, as one envelope line of a JSONL bundle
        /// (for documents naming several players, which no single `players/<id>/` directory can own).
        case bundleLine(source: String)
    }

    public static let entries: [Entry] = [
        Entry(fixture: "steam-condenser-java__gutomaia-steamid.xml",
              destination: "players/76561197985077150/profile.xml", mode: .copy,
              note: "gutomaia's 2011 profile XML (steamID64 inside matches the directory)"),
        Entry(fixture: "steam-condenser-java__gutomaia-games.xml",
              destination: "players/76561197985077150/games.xml", mode: .copy,
              note: "gutomaia's games XML, 285 games (steamID64 matches)"),
        Entry(fixture: "steam-condenser-java__gutomaia-friends.xml",
              destination: "players/76561197985077150/friends.xml", mode: .copy,
              note: "gutomaia's friends XML, 30 ids (steamID64 matches)"),
        Entry(fixture: "steam-web-api-java__GetPlayerSummaries.json",
              destination: "players/76561197960435530/summary.json", mode: .copy,
              note: "Robin Walker's GetPlayerSummaries (steamid matches; location US/WA/3961)"),
        Entry(fixture: "steam-web-api-java__GetOwnedGames.json",
              destination: "players/76561197960435530/owned_games.json", mode: .copy,
              note: "GetOwnedGames, 487 games; carries no owner id, requested for 76561197960435530 in the source tests"),
        Entry(fixture: "steam-web-api-java__GetFriendList.json",
              destination: "players/76561197960435530/friends.json", mode: .copy,
              note: "GetFriendList, 291 friends; carries no owner id, requested for 76561197960435530 in the source tests"),
        Entry(fixture: "steam-web-api-java__GetRecentlyPlayedGames.json",
              destination: "players/76561197960435530/recently_played.json", mode: .copy,
              note: "GetRecentlyPlayedGames (total_count 6, 3 listed); carries no owner id, placed beside the same source's other responses"),
        Entry(fixture: "steam-condenser-java__koraktor-friends.json",
              destination: "players/76561197961384956/friends.json", mode: .copy,
              note: "koraktor's GetFriendList, 43 friends; requested for 76561197961384956 in the source tests"),
        Entry(fixture: "steam-condenser-java__getSchemaForGame.v2.json",
              destination: "apps/440/schema.json", mode: .copy,
              note: "GetSchemaForGame, Team Fortress 2"),
        Entry(fixture: "steam-condenser-java__getGlobalAchievementPercentagesForApp.v2.json",
              destination: "apps/440/global_achievement_percentages.json", mode: .copy,
              note: "GetGlobalAchievementPercentagesForApp, Team Fortress 2"),
        Entry(fixture: "steam-condenser-java__valve-members.xml",
              destination: "groups/103582791429521412/members.xml", mode: .copy,
              note: "Valve group member list, 239 members (groupID64 matches the directory)"),
        Entry(fixture: "steam-condenser-java__gutonet-memberslistxml.xml",
              destination: "groups/103582791432627990/members.xml", mode: .copy,
              note: "gutonet group member list, 1 member, no groupDetails"),
        Entry(fixture: "steam-web-api-java__GetPlayerBans.json",
              destination: "bans.jsonl", mode: .bundleLine(source: "GetPlayerBans"),
              note: "GetPlayerBans for two players (76561198051682776/7): one bundle line without an owner, body compacted"),
        Entry(fixture: "SOURCES.md", destination: "SOURCES.md", mode: .copy,
              note: "provenance and licences of the fixtures above (BSD-3-Clause, Apache-2.0)"),
    ]

    /// Fixtures deliberately left out of the sample, with the reason.
    public static let excluded: [(fixture: String, reason: String)] = [
        ("steam-condenser-java__invalid.xml", "not a Steam document (root <test>); a negative test only"),
        ("steam-condenser-java__getPlayerAchievements.v1.json",
         "its steamID was anonymised to \"12345\", so it has no valid owner"),
        ("steam-condenser-java__getGlobalAchievementPercentagesForApp.NoAchievements.v2.json",
         "the app it was fetched for is unknown"),
        ("steam-web-api-java__ResolveVanityURLMatch.json", "its steamid \"123456789\" was edited in and is invalid"),
        ("steam-web-api-java__ResolveVanityURLNoMatch.json", "a vanity lookup failure; says nothing about a player"),
    ]
}
