/// The Dota 2 section, from one pass over `dota_matches` and `dota_match_players`.
public struct DotaFigures: Sendable, Equatable {
    public var matches = 0
    /// Matches by winner: radiant, dire, unknown.
    public var winners: [NamedCount] = []
    /// Player slots by side (radiant, dire).
    public var sides: [NamedCount] = []
    /// Hero picks, most picked first (at most 15), with wins in `heroWins`.
    public var heroPicks: [NamedCount] = []
    public var heroWins: [String: Int] = [:]
    /// Distinct heroes picked.
    public var heroesPicked = 0

    public init() {}
}
