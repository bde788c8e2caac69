import Dota
import PlayerModel

/// Dota 2 lobby roles from a player's hero pool, for players who asked for a Dota 2 (appid 570) lobby without
/// stating roles (neither names nor a mask).
///
/// The pool's role set is `DotaHeroRoles.roleMask(heroGames:)` (each hero's primary position; a role with at
/// least a quarter of the player's games, and always the most-played one). Its roles become the game's lobby
/// role names: `carry`, `mid` and `offlane` by the same name; `support` by `support` and by every configured name
/// ending in `_support` (the default pipeline's `soft_support` and `hard_support`), since the hero table does not
/// tell soft from hard support. When the game has no configured roles the Dota names themselves are used. A role
/// with no matching name is dropped; a player left with none stays flexible (fills any one role).
public enum LobbyHeroPoolRoles {
    public static let appID: UInt32 = 570

    /// The lobby role names of `roles` for a game whose configured names are `configured` (empty: none).
    public static func names(_ roles: DotaRoleSet, configured: [String]) -> [String] {
        guard !configured.isEmpty else { return roles.roles.map(\.rawValue) }
        return configured.filter { name in
            roles.roles.contains { role in name == role.rawValue || (role == .support && name.hasSuffix("_support")) }
        }
    }

    /// Each player's role set from their hero pool (`heroGames`: hero id → games), players with no known role left out.
    public static func roleSets(heroGames: [SteamID64: [Int: Int]]) -> [SteamID64: DotaRoleSet] {
        var out: [SteamID64: DotaRoleSet] = [:]
        for (id, games) in heroGames {
            let set = DotaHeroRoles.roleMask(heroGames: games)
            if !set.isEmpty { out[id] = set }
        }
        return out
    }

    /// Each player's role set from the merged matches of a run.
    public static func roleSets(_ dota: DotaDataset) -> [SteamID64: DotaRoleSet] {
        var out: [SteamID64: DotaRoleSet] = [:]
        for stats in DotaStatistics.playerStats(dota.matches) where !stats.roles.isEmpty { out[stats.steamID] = stats.roles }
        return out
    }
}
