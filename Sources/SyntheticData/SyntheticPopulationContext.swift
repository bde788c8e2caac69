import PlayerModel

/// Everything precomputed once per population and shared read-only by the parallel workers: cumulative
/// weights, the catalogue, and per-city strings and preference pieces (shared, so a million players do not
/// each allocate their own copies).
struct SyntheticPopulationContext: Sendable {
    let config: SyntheticPopulationConfig
    let catalogue: SyntheticCatalogue
    let appIDs: [UInt32]
    let communities: TasteCommunities
    let cityCumulative: [Double]
    let capCumulative: [Double]
    let locationTexts: [String]
    /// `languageSets[city][mask]`: sorted languages for the subset `mask` (bit k = the city's k-th language).
    let languageSets: [[[String]]]
    /// `availability[city][combination]`: window texts and the UTC mask for each pattern combination.
    let availability: [[(text: [String], mask: WeeklyHourMask)]]
    /// Pattern combinations: each single pattern, then each pair.
    let patternCombinations: [[Int]]

    /// Availability patterns: (days 0 = Monday …, start hour, end hour); end ≤ start wraps past midnight.
    /// No two patterns overlap, so any combination gives disjoint windows.
    static let availabilityPatterns: [([Int], Int, Int)] = [
        ([0, 1, 2, 3, 4], 18, 23),
        ([5, 6], 12, 17),
        ([4, 5], 23, 3),
        ([0, 1, 2, 3, 4], 12, 14),
        ([6], 17, 22),
        ([1, 3], 7, 9),
    ]

    init(_ config: SyntheticPopulationConfig) {
        self.config = config
        catalogue = SyntheticCatalogue(size: config.catalogueSize, zipfExponent: config.zipfExponent,
                                       zipfOffset: config.zipfOffset)
        appIDs = catalogue.appIDs
        communities = TasteCommunities(catalogue: catalogue,
                                       communities: config.shareCommunityGames > 0 ? config.tasteCommunities : 0,
                                       titlesPerCommunity: config.communityTitles,
                                       skippingHead: config.communityHeadSkipped, seed: config.seed)
        var total = 0.0
        cityCumulative = config.cities.map { total += max(0, $0.weight); return total }
        total = 0
        capCumulative = config.capWeights.prefix(config.capChoicesKm.count).map { total += max(0, $0); return total }
        locationTexts = config.cities.map(\.locationText)
        languageSets = config.cities.map { city in
            (0..<(1 << city.languages.count)).map { mask in
                city.languages.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element).sorted()
            }
        }
        var combinations: [[Int]] = (0..<Self.availabilityPatterns.count).map { [$0] }
        for a in 0..<Self.availabilityPatterns.count {
            for b in (a + 1)..<Self.availabilityPatterns.count { combinations.append([a, b]) }
        }
        patternCombinations = combinations
        availability = config.cities.map { city in
            combinations.map { combination in
                var windows: [(day: Int, start: Int, end: Int)] = []
                for p in combination {
                    let (days, start, end) = Self.availabilityPatterns[p]
                    for day in days { windows.append((day, start, end)) }
                }
                windows.sort { ($0.day, $0.start, $0.end) < ($1.day, $1.start, $1.end) }
                var mask = WeeklyHourMask()
                var texts: [String] = []
                for window in windows {
                    texts.append("\(AvailabilityDay.names[window.day]) \(window.start)-\(window.end)")
                    let length = window.end > window.start ? window.end - window.start : window.end + 24 - window.start
                    for h in 0..<length { mask.insert(hour: window.day * 24 + window.start + h - city.utcOffsetHours) }
                }
                return (texts, mask)
            }
        }
    }
}
