import PlayerModel

/// What a document said, by kind. The kind is detected from the content (root element or keys),
/// never from the file name.
public enum SteamDocument: Sendable {
    /// Community profile XML (`<profile>`), including private and "not set up" forms.
    case profile(ProfileFacts)
    /// GetPlayerSummaries (`response.players`) or a bare player object.
    case playerSummaries([ProfileFacts])
    /// GetOwnedGames, games XML (`<gamesList>`) or GetRecentlyPlayedGames.
    case gameLibrary(GameLibraryFacts)
    /// GetFriendList or friends XML (`<friendsList>`).
    case friendList(FriendListFacts)
    /// Group member list XML (`<memberList>`).
    case memberList(MemberListFacts)
    /// GetPlayerBans (top-level `players` with PascalCase keys).
    case playerBans([BanFacts])
    /// GetPlayerAchievements (`playerstats`).
    case playerAchievements(PlayerAchievementFacts)
    /// GetSchemaForGame (`game`).
    case gameSchema(GameSchemaFacts)
    /// GetGlobalAchievementPercentagesForApp (`achievementpercentages`).
    case globalAchievementPercentages(GlobalAchievementFacts)
    /// ResolveVanityURL (`response.success`).
    case vanityResolution(VanityResolutionFacts)
    /// GetSteamLevel (`response.player_level`).
    case steamLevel(owner: SteamID64?, level: Int)
    /// One line of `preferences.jsonl`.
    case preferences(PreferencesFacts)
    /// A Dota 2 Web API response (`result` of GetMatchHistory, BySequenceNum, GetMatchDetails or GetHeroes).
    case dota(DotaFacts)
    /// Steam's `<response><error>` document (or `<error>` under `<profile>`): a valid answer that says "not found".
    case errorResponse(message: String)
}
