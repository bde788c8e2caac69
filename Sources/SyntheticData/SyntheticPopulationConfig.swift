/// Everything that shapes a synthetic population. The defaults give a realistic-looking mix; every
/// share is a probability in [0, 1]. The same config (including `seed`) always gives the same dataset.
public struct SyntheticPopulationConfig: Sendable, Hashable {
    public var players: Int
    public var seed: UInt64
    /// Catalogue size: the real head (`SyntheticCatalogue.realHead`) plus synthetic titles.
    public var catalogueSize: Int
    public var zipfExponent: Double
    public var zipfOffset: Double
    /// Mean number of played games (minutes > 0) per public library; the count is log-normal.
    public var meanPlayedGames: Double
    /// Spread (σ of the log) of the played-game count.
    public var playedGamesSigma: Double
    /// Mean number of owned-but-never-played games per public library (geometric).
    public var meanUnplayedGames: Double
    /// Log-normal lifetime minutes per played game: median `exp(mu)`.
    public var playtimeLogMu: Double
    public var playtimeLogSigma: Double
    /// Share of played games with two-week playtime.
    public var shareRecentlyPlayed: Double
    /// Taste communities (see `TasteCommunities`); every player belongs to one. 0 turns them off: every title
    /// then comes from the global Zipf curve (with `headPlaytimeFactor` 1 as well, these are the generator's
    /// original independent libraries, byte for byte).
    public var tasteCommunities: Int
    /// Share of a player's played titles drawn from their community's taste list instead of the global curve
    /// (0 also turns communities off). Owned-but-unplayed titles always come from the global curve.
    public var shareCommunityGames: Double
    /// Titles in each community's taste list (a seeded, genre-biased sample of the catalogue).
    public var communityTitles: Int
    /// Share of players with a second community; a third of their community picks then come from it.
    public var shareSecondaryCommunity: Double
    /// Median-playtime multiplier for titles drawn from the player's communities (their taste: the games they
    /// sink hours into). Applies only when communities are on.
    public var communityPlaytimeFactor: Double
    /// Median-playtime multiplier for the real head titles (`SyntheticCatalogue.realHead`: live-service and
    /// long-running games). 1 together with `tasteCommunities` 0 gives the generator's original libraries.
    public var headPlaytimeFactor: Double
    /// The most popular catalogue titles that never enter a taste list (0 in the classic mix).
    public var communityHeadSkipped: Int = 0
    public var cities: [SyntheticCity]
    /// Share of public players who state no location.
    public var shareWithoutLocation: Double
    /// Share of players whose whole profile is private (no location, games or friends visible).
    public var sharePrivateProfile: Double
    /// Share of public players whose game details are private (`{"response":{}}`).
    public var sharePrivateGames: Double
    /// Mean friends per player (each pair counts for both ends).
    public var meanFriends: Double
    /// Share of friendships drawn from the player's own city.
    public var shareLocalFriends: Double
    /// Share of players who use the app and so have a preferences line.
    public var shareWithPreferences: Double
    /// Distance caps (km) and their relative weights.
    public var capChoicesKm: [Double]
    public var capWeights: [Double]
    /// Share of preference holders who accept any distance (raised to 3× for players without a location).
    public var shareAnywhere: Double
    /// Share of preference holders who state weekly availability windows.
    public var shareWithAvailability: Double
    /// Share of all players who ask for lobbies (they must hold preferences, so at most `shareWithPreferences`).
    /// Drawn from a stream of its own, so 0 (the default) leaves every other draw, and the sample, unchanged.
    public var shareAskingForLobbies: Double = 0
    /// Lobby requests go to the `lobbyGames` most popular titles of the catalogue.
    public var lobbyGames: Int = 50
    /// Share of players with a VAC ban on record.
    public var shareVACBanned: Double
    /// Unix seconds the documents are "fetched" at (`fetched_at`, two-week window end). Default 2025-01-15T10:00:00Z.
    public var referenceTime: Int64
    /// Account id of the first player; ids then rise by 1…7 per player, so steamids are sorted by player index.
    public var firstAccountID: UInt32

    public init(players: Int = 1_000, seed: UInt64 = 1, catalogueSize: Int = 5_000, zipfExponent: Double = 1.1,
                zipfOffset: Double = 2.0, meanPlayedGames: Double = 25, playedGamesSigma: Double = 0.8,
                meanUnplayedGames: Double = 6, playtimeLogMu: Double = 6.0, playtimeLogSigma: Double = 1.8,
                shareRecentlyPlayed: Double = 0.08, tasteCommunities: Int = 16, shareCommunityGames: Double = 0.45,
                communityTitles: Int = 45, shareSecondaryCommunity: Double = 0.25,
                communityPlaytimeFactor: Double = 3, headPlaytimeFactor: Double = 4, cities: [SyntheticCity] = SyntheticCity.defaults,
                shareWithoutLocation: Double = 0.15, sharePrivateProfile: Double = 0.08,
                sharePrivateGames: Double = 0.04, meanFriends: Double = 8, shareLocalFriends: Double = 0.8,
                shareWithPreferences: Double = 0.85, capChoicesKm: [Double] = [25, 50, 100, 150, 250, 500],
                capWeights: [Double] = [0.05, 0.3, 0.3, 0.15, 0.15, 0.05], shareAnywhere: Double = 0.1,
                shareWithAvailability: Double = 0.6, shareVACBanned: Double = 0.02,
                referenceTime: Int64 = 1_736_935_200, firstAccountID: UInt32 = 1_500_000_000) {
        self.players = players
        self.seed = seed
        self.catalogueSize = catalogueSize
        self.zipfExponent = zipfExponent
        self.zipfOffset = zipfOffset
        self.meanPlayedGames = meanPlayedGames
        self.playedGamesSigma = playedGamesSigma
        self.meanUnplayedGames = meanUnplayedGames
        self.playtimeLogMu = playtimeLogMu
        self.playtimeLogSigma = playtimeLogSigma
        self.shareRecentlyPlayed = shareRecentlyPlayed
        self.tasteCommunities = tasteCommunities
        self.shareCommunityGames = shareCommunityGames
        self.communityTitles = communityTitles
        self.shareSecondaryCommunity = shareSecondaryCommunity
        self.communityPlaytimeFactor = communityPlaytimeFactor
        self.headPlaytimeFactor = headPlaytimeFactor
        self.cities = cities
        self.shareWithoutLocation = shareWithoutLocation
        self.sharePrivateProfile = sharePrivateProfile
        self.sharePrivateGames = sharePrivateGames
        self.meanFriends = meanFriends
        self.shareLocalFriends = shareLocalFriends
        self.shareWithPreferences = shareWithPreferences
        self.capChoicesKm = capChoicesKm
        self.capWeights = capWeights
        self.shareAnywhere = shareAnywhere
        self.shareWithAvailability = shareWithAvailability
        self.shareVACBanned = shareVACBanned
        self.referenceTime = referenceTime
        self.firstAccountID = firstAccountID
    }
}
