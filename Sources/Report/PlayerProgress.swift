/// One player's page: their Dota 2 win-rate progress by ISO week (the `overall` series of `dota_progress`) and
/// how they fared in pairing.
public struct PlayerProgress: Sendable, Equatable {
    public var steamID: String
    public var personaName: String?
    public var pairings = 0
    public var appearances = 0
    public var weeks: [Week] = []

    public init(steamID: String) {
        self.steamID = steamID
    }

    public struct Week: Sendable, Equatable {
        public var week: String
        public var games: Int
        public var wins: Int
        public var cumulativeGames: Int
        public var cumulativeWins: Int

        public init(week: String, games: Int, wins: Int, cumulativeGames: Int, cumulativeWins: Int) {
            self.week = week
            self.games = games
            self.wins = wins
            self.cumulativeGames = cumulativeGames
            self.cumulativeWins = cumulativeWins
        }
    }
}
