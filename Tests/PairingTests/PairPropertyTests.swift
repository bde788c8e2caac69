import Geo
import PipelineCore
import PlayerModel
import SyntheticData
import Testing
@testable import Pairing

@Suite struct PairPropertyTests {
    static let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 1_200, seed: 11))

    static func prepared(_ d: PlayerDataset = dataset, k: Int = 8, statistics: GameStatistics? = nil) -> PreparedPopulation {
        PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: PairingConfig(k: k),
                           statistics: statistics)
    }

    @Test func scoresAreSymmetricAndBoundedByGameSimilarity() {
        let p = Self.prepared()
        let lists = BulkPairer.pair(p).lists
        var checked = 0
        for u in 0..<p.count {
            for c in lists.list(u) {
                let v = Int(c.other)
                let (admitted, d) = p.geoAdmits(v, u)
                #expect(admitted)
                let back = ScoreModel.score(dot: p.dot(v, u), fitUV: p.fit(v, u, distanceKm: d), fitVU: p.fit(u, v, distanceKm: d))
                #expect(back == c.score)
                #expect(p.dot(u, v) == c.dot)
                let s = ScoreModel.scoreValue(c.score), g = ScoreModel.gameValue(c.dot)
                #expect(s > 0 && s <= g && g <= 1)
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    @Test func listsRespectFiltersCapsAndOrder() throws {
        let d = Self.dataset
        let p = Self.prepared()
        let lists = BulkPairer.pair(p).lists
        var friends = Set<PairKey>()
        for f in d.friendships { friends.insert(PairKey(f.a, f.b)) }
        let excluded = TestData.exclusions(from: d)
        let pairs = Set(excluded.pairKeys)
        let directedOrdered = Set(excluded.directed.map { "\($0.from)-\($0.to)" })
        let players = Dictionary(uniqueKeysWithValues: d.players.map { ($0.steamID, $0) })
        let prefs = Dictionary(uniqueKeysWithValues: d.preferences.map { ($0.steamID, $0) })
        for u in 0..<p.count {
            let list = Array(lists.list(u))
            #expect(list.count <= 8)
            #expect(Set(list.map(\.other)).count == list.count)
            for (a, b) in zip(list, list.dropFirst()) { #expect(a.ranksBefore(b)) }
            let uid = p.steamIDs[u]
            for c in list {
                let vid = p.steamIDs[Int(c.other)]
                #expect(vid != uid)
                #expect(!friends.contains(PairKey(uid, vid)))
                #expect(!pairs.contains(PairKey(uid, vid)))
                #expect(!directedOrdered.contains("\(uid)-\(vid)"))
                let a = try #require(players[uid]), b = try #require(players[vid])
                let anyA = prefs[uid]?.anywhere ?? false, anyB = prefs[vid]?.anywhere ?? false
                if anyA && anyB { continue }
                let la = try #require(a.latitude), lb = try #require(b.latitude)
                let distance = GeoPoint(latitude: la, longitude: a.longitude!)
                    .distanceKm(to: GeoPoint(latitude: lb, longitude: b.longitude!))
                let capA = anyA ? Double.infinity : prefs[uid]?.maxDistanceKm ?? 100
                let capB = anyB ? Double.infinity : prefs[vid]?.maxDistanceKm ?? 100
                #expect(distance + (a.locationAccuracyKm ?? 25) + (b.locationAccuracyKm ?? 25) <= min(capA, capB) + 1e-6)
            }
        }
    }

    @Test func shuffledInputGivesIdenticalOutput() {
        var shuffled = Self.dataset
        var rng = SeededGenerator(seed: 99)
        shuffled.players.shuffle(using: &rng)
        shuffled.games.shuffle(using: &rng)
        shuffled.friendships.shuffle(using: &rng)
        shuffled.preferences.shuffle(using: &rng)
        let a = BulkPairer.pair(Self.prepared()).lists
        let b = BulkPairer.pair(Self.prepared(shuffled)).lists
        let same = a == b
        #expect(same)
    }

    @Test func farAwayPlayerChangesNothingUnderFrozenStatistics() throws {
        let base = Self.prepared()
        var d = Self.dataset
        let far = try #require(SteamID64(accountID: 4_000_000_000))
        var player = Player(steamID: far, visibility: .public)
        player.latitude = -48.9
        player.longitude = -123.4  // Point Nemo: nobody within any cap
        player.locationAccuracyKm = 10
        player.gamesKnown = true
        d.players.append(player)
        for g in d.games.prefix(40) { d.games.append(PlayerGame(steamID: far, appID: g.appID, minutesTotal: 600)) }
        d.preferences.append(PlayerPreferences(steamID: far, maxDistanceKm: 250))
        let withFar = Self.prepared(d, statistics: base.statistics)
        let a = BulkPairer.pair(base).lists
        let result = BulkPairer.pair(withFar)
        let farIndex = try #require(withFar.index(of: far))
        #expect(result.lists.list(farIndex).isEmpty)
        #expect(result.emptyReasons[farIndex] == .noOneInRange)
        for u in 0..<base.count {
            let v = try #require(withFar.index(of: base.steamIDs[u]))
            let mine = a.list(u).map { base.steamIDs[Int($0.other)] }
            let theirs = result.lists.list(v).map { withFar.steamIDs[Int($0.other)] }
            #expect(mine == theirs)
            #expect(a.list(u).map(\.score) == result.lists.list(v).map(\.score))
        }
    }

    @Test func duplicatedPlayerIsTheTwinsTopProposal() throws {
        var d = Self.dataset
        let p0 = Self.prepared()
        let lists = BulkPairer.pair(p0).lists
        // A player who already has proposals (so location, games and caps allow pairing).
        let u = try #require((0..<p0.count).first { lists.counts[$0] > 0 && p0.playedCount[$0] >= 5 })
        let original = p0.steamIDs[u]
        let twin = try #require(SteamID64(accountID: 4_000_000_001))
        let source = try #require(d.players.first { $0.steamID == original })
        var player = Player(steamID: twin, visibility: .public)
        player.latitude = source.latitude
        player.longitude = source.longitude
        player.locationAccuracyKm = source.locationAccuracyKm
        player.gamesKnown = true
        d.players.append(player)
        d.games += d.games.filter { $0.steamID == original }.map {
            PlayerGame(steamID: twin, appID: $0.appID, minutesTotal: $0.minutesTotal, minutes2Weeks: $0.minutes2Weeks)
        }
        if var prefs = d.preferences.first(where: { $0.steamID == original }) {
            prefs = PlayerPreferences(steamID: twin, favoriteAppIDs: prefs.favoriteAppIDs, maxDistanceKm: prefs.maxDistanceKm,
                                      anywhere: prefs.anywhere, languages: prefs.languages, availability: prefs.availability)
            d.preferences.append(prefs)
        }
        let p = PreparedPopulation(dataset: d, config: PairingConfig(k: 8))
        let result = BulkPairer.pair(p).lists
        let ui = try #require(p.index(of: original)), ti = try #require(p.index(of: twin))
        #expect(result.list(ui).first.map { p.steamIDs[Int($0.other)] } == twin)
        #expect(result.list(ti).first.map { p.steamIDs[Int($0.other)] } == original)
    }
}
