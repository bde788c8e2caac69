/// Why a pair was proposed, built from the score's own terms.
public struct PairExplanation: Sendable, Hashable {
    public struct SharedGame: Sendable, Hashable {
        public var appID: UInt32
        public var name: String?
        public var minutesYou: Int
        public var minutesThem: Int
        public var favouriteYou: Bool
        public var favouriteThem: Bool
        public var recentBoth: Bool
        /// This game's term x(u,g)·x(v,g) and its share of the dot product.
        public var term: UInt32
        public var share: Double
    }

    public var topGames: [SharedGame]
    public var sharedGames: Int
    /// u's favourites that v plays or declared, and the reverse (appids, ascending).
    public var favouriteHits: [UInt32]
    public var theirFavouriteHits: [UInt32]
    /// Shared games both played in the last two weeks (appids, ascending).
    public var recentGames: [UInt32]
    public var distanceKm: Double?
    public var distanceBucket: String
    public var sharedLanguage: Bool?
    public var availabilityOverlapHours: Int?
    public var sentence: String
}
