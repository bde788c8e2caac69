/// Why a lobby request was not placed (the `lobby_unplaced` table and the summary).
public enum LobbyUnplacedReason: String, Sendable, CaseIterable {
    /// The player is not in the dataset's players.
    case notAPlayer = "not_a_player"
    /// Beyond the player's `max_lobbies_per_player` first requests.
    case overLimit = "over_limit"
    /// No weekly availability stated, so no common window can be checked.
    case noAvailability = "no_availability"
    /// Nobody else asking for the game (and group) passes the pair filters with this player.
    case noCompatiblePlayer = "no_compatible_player"
    /// Compatible players exist, but no valid lobby (size, window, roles) was left for this player.
    case noValidLobby = "no_valid_lobby"
}
