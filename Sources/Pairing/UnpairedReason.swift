/// Why a player's list is empty.
public enum UnpairedReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// No played game and no declared favourite (private or empty library).
    case noGames = "no_games"
    /// No location, and not open to `anywhere` matches.
    case noLocation = "no_location"
    /// Nobody with a game vector lies within both caps.
    case noOneInRange = "no_one_in_range"
    /// Players are in range but none shares a game.
    case noSharedGames = "no_shared_games"
    /// Everyone in range sharing a game is a friend, rejected, blocked, matched, already answered or filtered.
    case allExcluded = "all_excluded"
    /// Candidates existed but all were at their exposure cap.
    case exposureCap = "exposure_cap"
}
