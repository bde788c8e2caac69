import PlayerModel

/// One player's Dota 2 summary over every recorded match they played with a public account id.
public struct DotaPlayerStats: Sendable, Equatable {
    public struct HeroRecord: Sendable, Equatable {
        public var heroID: Int
        public var games: Int
        /// Games whose winner is known.
        public var decided: Int
        public var wins: Int
        public var winRate: Double? { decided > 0 ? Double(wins) / Double(decided) : nil }

        public init(heroID: Int, games: Int, decided: Int, wins: Int) {
            self.heroID = heroID
            self.games = games
            self.decided = decided
            self.wins = wins
        }
    }

    public var steamID: SteamID64
    public var matches: Int
    /// Matches whose winner is known (GetMatchHistory entries alone do not say).
    public var decided: Int
    public var wins: Int
    public var radiantMatches: Int
    /// Sum and count of known durations (seconds).
    public var durationTotal: Int
    public var durationCount: Int
    /// Matches with `leaver_status` ≥ 2 (left too long, abandoned, AFK, never connected); 1 (disconnected and
    /// came back) is not an abandon.
    public var abandons: Int
    /// Every hero played (hero id known), most games first, then more wins, then the lower id.
    public var heroes: [HeroRecord]
    /// Unix seconds of the first and last known match start.
    public var firstMatch: Int64?
    public var lastMatch: Int64?

    public var winRate: Double? { decided > 0 ? Double(wins) / Double(decided) : nil }
    public var radiantShare: Double? { matches > 0 ? Double(radiantMatches) / Double(matches) : nil }
    public var averageDuration: Double? { durationCount > 0 ? Double(durationTotal) / Double(durationCount) : nil }
    /// `radiant`, `dire`, or `even` when both sides were played equally often.
    public var favouriteSide: String {
        let dire = matches - radiantMatches
        return radiantMatches > dire ? "radiant" : (dire > radiantMatches ? "dire" : "even")
    }
    /// The five most-played heroes.
    public var topHeroes: ArraySlice<HeroRecord> { heroes.prefix(5) }
    /// Role mask from the hero pool (`DotaHeroRoles.roleMask`).
    public var roles: DotaRoleSet {
        var games: [Int: Int] = [:]
        for hero in heroes { games[hero.heroID] = hero.games }
        return DotaHeroRoles.roleMask(heroGames: games)
    }
}
