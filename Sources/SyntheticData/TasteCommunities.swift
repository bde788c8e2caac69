import Foundation

/// Taste communities: groups of players who share a preference over the catalogue, so libraries have co-play
/// structure (members of a community play the same mid-popularity and niche titles) on top of the global
/// Zipf head.
///
/// The catalogue is split into `genres` genre-like blocks (each title gets a seeded genre, so every genre
/// has head and tail titles). Community c favours genre `c % genres`: its taste list holds
/// `titlesPerCommunity` distinct titles sampled without replacement (Efraimidis–Spirakis keys) with weight
/// `popularity^0.5 · (genreBias if the title is in the community's genre else 1)`, which flattens the global
/// curve towards mid-popularity titles. The list, in sampled order, then carries its own Zipf weights
/// `1 / (rank + offset)^exponent`. The first `skippingHead` catalogue titles can be kept out of every list
/// (the real-playtime mix does, so the head's shares come from the global curve alone). Communities of the same genre overlap, as neighbouring scenes do.
/// Everything is derived from the population seed, so the lists are the same on every machine.
struct TasteCommunities: Sendable {
    let count: Int
    let titlesPerCommunity: Int
    /// Catalogue indices, community c at `c * titlesPerCommunity ..< (c + 1) * titlesPerCommunity`.
    let titles: [UInt32]
    /// Alias table over taste-list ranks (every community's list has the same rank weights).
    let aliasThreshold: [Double]
    let alias: [Int32]

    /// Communities per genre block (so the default 16 communities cover 4 genres).
    static let communitiesPerGenre = 4
    /// How much more likely a title of the community's own genre is to enter its taste list.
    static let genreBias = 6.0
    /// Zipf shape of the taste list: weight(rank) = 1 / (rank + offset)^exponent, rank from 1.
    static let tasteZipfExponent = 1.0
    static let tasteZipfOffset = 2.0

    init(catalogue: SyntheticCatalogue, communities: Int, titlesPerCommunity: Int, skippingHead headSkipped: Int = 0,
         seed: UInt64) {
        let count = max(0, communities)
        let size = max(1, min(titlesPerCommunity, catalogue.count))
        self.count = count
        self.titlesPerCommunity = size
        guard count > 0 else {
            titles = []
            aliasThreshold = []
            alias = []
            return
        }
        let genres = max(1, count / Self.communitiesPerGenre)
        var genreRNG = SplitMix(seed: seed, index: 0, stream: 0x7A57E)
        let genreOf = (0..<catalogue.count).map { _ in genreRNG.below(genres) }
        let rankWeights = (0..<size).map { 1.0 / pow(Double($0 + 1) + Self.tasteZipfOffset, Self.tasteZipfExponent) }
        let rankSum = rankWeights.reduce(0, +)
        let probabilities = rankWeights.map { $0 / rankSum }
        let (listThreshold, listAlias) = SyntheticCatalogue.aliasTable(probabilities)
        var titles: [UInt32] = []
        titles.reserveCapacity(count * size)
        var keys: [(key: Double, index: Int)] = []
        keys.reserveCapacity(catalogue.count)
        for community in 0..<count {
            var rng = SplitMix(seed: seed, index: UInt64(community), stream: 0x7A57E + 1)
            let genre = community % genres
            keys.removeAll(keepingCapacity: true)
            for index in 0..<catalogue.count {
                // Titles of the skipped head never enter a taste list (weight 0 gives key -inf).
                let weight = index < headSkipped ? 0
                    : catalogue.popularity[index].squareRoot() * (genreOf[index] == genre ? Self.genreBias : 1)
                // Efraimidis–Spirakis: the largest keys log(u)/w are a weighted sample without replacement.
                let key = log(max(rng.unit(), 1e-300)) / weight
                keys.append((key, index))
            }
            keys.sort { $0.key != $1.key ? $0.key > $1.key : $0.index < $1.index }
            for entry in keys.prefix(size) { titles.append(UInt32(entry.index)) }
        }
        self.titles = titles
        aliasThreshold = listThreshold
        alias = listAlias
    }

    /// A player's communities, drawn first from the player's taste stream (stream 5 of (seed, index)):
    /// (-1, -1) when communities are off; `secondary` is -1 for players without one.
    @inline(__always) func membership(_ rng: inout SplitMix, shareSecondary: Double) -> (primary: Int, secondary: Int) {
        guard count > 0 else { return (-1, -1) }
        let primary = rng.below(count)
        guard count > 1, rng.chance(shareSecondary) else { return (primary, -1) }
        let other = rng.below(count - 1)
        return (primary, other < primary ? other : other + 1)
    }

    /// A player's communities, as `PlayerChunk` draws them (for tests and diagnostics).
    static func membership(ofPlayer index: Int, config: SyntheticPopulationConfig,
                           communities: TasteCommunities) -> (primary: Int, secondary: Int) {
        var rng = SplitMix(seed: config.seed, index: UInt64(index), stream: 5)
        return communities.membership(&rng, shareSecondary: config.shareSecondaryCommunity)
    }

    /// The catalogue index community `community` picks for `unit` ∈ [0, 1).
    @inline(__always) func index(community: Int, forUnit unit: Double) -> Int {
        let scaled = unit * Double(titlesPerCommunity)
        let column = min(Int(scaled), titlesPerCommunity - 1)
        let slot = scaled - Double(column) < aliasThreshold[column] ? column : Int(alias[column])
        return Int(titles[community * titlesPerCommunity + slot])
    }
}
