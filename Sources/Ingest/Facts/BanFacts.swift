import PlayerModel

/// One GetPlayerBans entry.
public struct BanFacts: Sendable, Hashable {
    public var steamID: SteamID64
    public var communityBanned: Bool?
    public var vacBanned: Bool?
    public var vacBanCount: Int?
    public var daysSinceLastBan: Int?
    /// `NumberOfGameBans`; absent in 2015-era responses.
    public var gameBanCount: Int?
    /// `none`, `probation`, `banned`.
    public var economyBan: String?

    public init(steamID: SteamID64) { self.steamID = steamID }
}
