import PlayerModel

/// A player's profile as one document states it (XML profile or a GetPlayerSummaries entry).
/// Every field is optional: absent means the document did not say.
public struct ProfileFacts: Sendable, Hashable {
    public var steamID: SteamID64
    public var personaName: String?
    public var profileURL: String?
    public var customURL: String?
    public var realName: String?
    /// `public`, `private` (friends-only, private, `privacyMessage`, visibility 1) or `unknown`.
    public var visibility: Visibility
    public var country: String?
    public var state: String?
    public var cityID: Int?
    /// XML `location` display string.
    public var locationText: String?
    /// XML `summary` (HTML kept as opaque text); `nil` for empty or the placeholder `No information given.`.
    public var summary: String?
    /// `YYYY-MM-DD`.
    public var memberSince: String?
    public var timeCreated: Int64?
    public var lastLogoff: Int64?
    public var primaryGroupID: GroupID64?
    public var vacBanned: Bool?
    public var tradeBanState: String?
    public var isLimitedAccount: Bool?
    /// Groups listed in the XML profile (`nil` when the block is absent).
    public var groups: [GroupFacts]?
    /// Friends from the 2011-era `<friends>` block (`nil` when absent).
    public var friends: [FriendFacts]?
    /// `mostPlayedGames` (two-week and lifetime hours from XML); `nil` when absent.
    public var mostPlayedGames: [GameFacts]?

    public init(steamID: SteamID64, visibility: Visibility = .unknown) {
        self.steamID = steamID
        self.visibility = visibility
    }
}
