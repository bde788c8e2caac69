import PlayerModel
import Testing
@testable import SyntheticData

@Suite struct TasteCommunitiesTests {
    static let config = SyntheticPopulationConfig(players: 3_000, seed: 11)
    static let dataset = SyntheticPopulation.generate(config)
    static let communities = SyntheticPopulationContext(config).communities

    /// Played app ids per player index (sorted: library rows are in app id order).
    static func playedLists(_ dataset: PlayerDataset) -> [[UInt32]] {
        let index = Dictionary(uniqueKeysWithValues: dataset.players.enumerated().map { ($0.element.steamID, $0.offset) })
        var lists = [[UInt32]](repeating: [], count: dataset.players.count)
        for game in dataset.games where game.minutesTotal > 0 { lists[index[game.steamID]!].append(game.appID) }
        return lists
    }

    static func shared(_ a: [UInt32], _ b: [UInt32]) -> Int {
        var i = 0, j = 0, n = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { n += 1; i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return n
    }

    /// Mean shared played titles of same-primary-community pairs over that of all pairs (players with ≥ 5 played
    /// games, the first 30 of each community against each other; every 7th pair overall for the reference).
    static func coPlayLift(_ lists: [[UInt32]], communityOf: (Int) -> Int, communityCount: Int) -> Double {
        let eligible = lists.indices.filter { lists[$0].count >= 5 }
        var members = [[Int]](repeating: [], count: communityCount)
        for p in eligible where members[communityOf(p)].count < 30 { members[communityOf(p)].append(p) }
        var same = 0.0, samePairs = 0.0
        for group in members {
            for a in group.indices { for b in (a + 1)..<group.count { same += Double(shared(lists[group[a]], lists[group[b]])); samePairs += 1 } }
        }
        var all = 0.0, allPairs = 0.0
        var k = 0
        for a in eligible.indices.prefix(600) {
            for b in (a + 1)..<min(eligible.count, 600) {
                k += 1
                if k % 7 == 0 { all += Double(shared(lists[eligible[a]], lists[eligible[b]])); allPairs += 1 }
            }
        }
        return (same / samePairs) / (all / allPairs)
    }

    @Test func tasteListsAreSeededDistinctAndGenreBiased() {
        let again = SyntheticPopulationContext(Self.config).communities
        #expect(again.titles == Self.communities.titles)
        var other = Self.config
        other.seed = 12
        #expect(SyntheticPopulationContext(other).communities.titles != Self.communities.titles)
        let c = Self.communities
        #expect(c.count == 16 && c.titlesPerCommunity == 45)
        func list(_ k: Int) -> Set<UInt32> { Set(c.titles[(k * c.titlesPerCommunity)..<((k + 1) * c.titlesPerCommunity)]) }
        for k in 0..<c.count { #expect(list(k).count == c.titlesPerCommunity) }
        // Communities k and k + genres share a genre; their lists overlap more than those of different genres.
        let genres = c.count / TasteCommunities.communitiesPerGenre
        var sameGenre = 0.0, sameCount = 0.0, otherGenre = 0.0, otherCount = 0.0
        for a in 0..<c.count {
            for b in (a + 1)..<c.count {
                let overlap = Double(list(a).intersection(list(b)).count)
                if a % genres == b % genres { sameGenre += overlap; sameCount += 1 } else { otherGenre += overlap; otherCount += 1 }
            }
        }
        #expect(sameGenre / sameCount > 2 * (otherGenre / otherCount), "\(sameGenre / sameCount) vs \(otherGenre / otherCount)")
        // Taste lists reach past the head into the mid-popularity range.
        let midOrTail = c.titles.filter { $0 >= 200 }.count
        #expect(Double(midOrTail) / Double(c.titles.count) > 0.3)
    }

    @Test func membersOfACommunityShareMoreGamesThanRandomPairs() {
        let lists = Self.playedLists(Self.dataset)
        let lift = Self.coPlayLift(lists, communityOf: {
            TasteCommunities.membership(ofPlayer: $0, config: Self.config, communities: Self.communities).primary
        }, communityCount: Self.communities.count)
        #expect(lift > 1.5, "co-play lift \(lift)")

        // Without communities the same labels mean nothing: no lift.
        var off = Self.config
        off.tasteCommunities = 0
        let flat = Self.playedLists(SyntheticPopulation.generate(off))
        let noLift = Self.coPlayLift(flat, communityOf: {
            TasteCommunities.membership(ofPlayer: $0, config: Self.config, communities: Self.communities).primary
        }, communityCount: Self.communities.count)
        #expect(noLift < 1.15, "co-play lift without communities \(noLift)")
    }

    @Test func switchingCommunitiesOffGivesTheIndependentDraws() {
        var off = SyntheticPopulationConfig(players: 600, seed: 5)
        off.tasteCommunities = 0
        off.headPlaytimeFactor = 1
        var zeroShare = off
        zeroShare.tasteCommunities = 16
        zeroShare.shareCommunityGames = 0
        zeroShare.communityPlaytimeFactor = 10
        let a = SyntheticPopulation.generate(off)
        #expect(SyntheticPopulation.generate(zeroShare) == a)
        // The head playtime factor only stretches minutes: same titles, longer head playtimes.
        var longHead = off
        longHead.headPlaytimeFactor = 4
        let b = SyntheticPopulation.generate(longHead)
        #expect(b.games.map(\.appID) == a.games.map(\.appID))
        let dota = { (d: PlayerDataset) in d.games.filter { $0.appID == 570 }.map(\.minutesTotal).reduce(0, +) }
        #expect(dota(b) > 2 * dota(a))
    }

    @Test func popularityStaysHeavyTailed() {
        var owners: [UInt32: Int] = [:]
        for game in Self.dataset.games where game.minutesTotal > 0 { owners[game.appID, default: 0] += 1 }
        let counts = owners.values.sorted(by: >)
        let total = counts.reduce(0, +)
        // The top 1 % of the 5,000 titles carry over a quarter of all played rows (about half without communities);
        // most titles are rare.
        #expect(Double(counts.prefix(50).reduce(0, +)) / Double(total) > 0.25)
        #expect(counts[0] > 10 * counts[min(counts.count - 1, 200)])
        let rare = counts.filter { $0 <= 3 }.count
        #expect(Double(rare) / Double(counts.count) > 0.3, "rare titles \(rare) of \(counts.count)")
        // The global head still leads: Dota 2 is the most played title.
        #expect(owners[570] == counts[0])
    }

    @Test func playersDrawTheSameCommunityWhateverTheChunking() {
        // Membership follows from (seed, index) alone, and a longer population keeps the shorter one's libraries.
        var larger = Self.config
        larger.players = 4_500
        let big = SyntheticPopulation.generate(larger)
        let lastID = Self.dataset.players.last!.steamID
        #expect(big.games.filter { $0.steamID <= lastID } == Self.dataset.games)
        let m1 = TasteCommunities.membership(ofPlayer: 2_999, config: Self.config, communities: Self.communities)
        let m2 = TasteCommunities.membership(ofPlayer: 2_999, config: larger,
                                             communities: SyntheticPopulationContext(larger).communities)
        #expect(m1 == m2)
    }
}
