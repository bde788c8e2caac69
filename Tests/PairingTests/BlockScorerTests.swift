import Testing
import PlayerModel
import SyntheticData
@testable import Pairing

/// The pruned traversal of `BlockScorer` (MaxScore over geo regions, and every `anywhere` player querying the whole
/// pool) against the brute-force oracle on populations built to stress its bounds and tie-breaks.
@Suite struct BlockScorerTests {
    /// How a seeded synthetic population is bent before pairing.
    struct Shape: Sendable, CustomStringConvertible {
        var players: Int
        var seed: UInt64
        /// Every player at the first located player's point (one dense region, as in the 12-city generator).
        var onePoint = false
        /// Every app user `anywhere`, and every player gets preferences.
        var allAnywhere = false
        /// Every player also plays this app (one game everyone plays: the longest list, the smallest weights).
        var commonGame: UInt32?
        /// The common game is also a favourite of every player with preferences (its hits then come from its column).
        var commonIsFavourite = false
        /// Players cloned in runs of this length (library, location, preferences): scores tie across each run.
        var cloneRun = 1
        var k = 10
        var exposureCap: Double?
        var description: String {
            "\(players) players, seed \(seed), onePoint \(onePoint), allAnywhere \(allAnywhere), common \(commonGame.map(String.init) ?? "-")\(commonIsFavourite ? " (favourite)" : ""), clones \(cloneRun), k \(k)"
        }
    }

    static func dataset(_ s: Shape) -> PlayerDataset {
        var d = SyntheticPopulation.generate(SyntheticPopulationConfig(players: s.players, seed: s.seed, shareAnywhere: 0.3))
        TestData.clone(&d, run: s.cloneRun)
        if s.onePoint, let first = d.players.first(where: { $0.latitude != nil }) {
            for i in d.players.indices where d.players[i].latitude != nil {
                d.players[i].latitude = first.latitude
                d.players[i].longitude = first.longitude
            }
        }
        if let app = s.commonGame {
            for player in d.players {
                d.games.append(PlayerGame(steamID: player.steamID, appID: app, name: "Common", minutesTotal: 600))
            }
            if s.commonIsFavourite {
                for i in d.preferences.indices { d.preferences[i].favoriteAppIDs.append(app) }
            }
        }
        if s.allAnywhere {
            let stated = Set(d.preferences.map(\.steamID))
            for i in d.preferences.indices { d.preferences[i].anywhere = true }
            for player in d.players where !stated.contains(player.steamID) {
                d.preferences.append(PlayerPreferences(steamID: player.steamID, anywhere: true))
            }
        }
        return d
    }

    static func population(_ s: Shape, prune: Bool, threads: Int = 1, denseColumnsFrom: Int? = nil) -> PreparedPopulation {
        let d = dataset(s)
        var config = PairingConfig(k: s.k, exposureCapFactor: s.exposureCap, threads: threads,
                                   pruneFromRegionSize: prune ? 0 : .max, prunePoolFromSize: prune ? 0 : .max)
        if let denseColumnsFrom { config.denseColumnsFromRegionSize = denseColumnsFrom }
        return PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: config)
    }

    static let shapes: [Shape] = [
        Shape(players: 1_200, seed: 51, allAnywhere: true),
        Shape(players: 1_200, seed: 52, allAnywhere: true, commonGame: 999_999, cloneRun: 4),
        Shape(players: 1_500, seed: 53, onePoint: true),
        Shape(players: 1_500, seed: 54, onePoint: true, commonGame: 999_999, cloneRun: 5, exposureCap: 2),
        Shape(players: 1_500, seed: 59, onePoint: true, commonGame: 999_999, commonIsFavourite: true),
        Shape(players: 1_000, seed: 55, onePoint: true, allAnywhere: true, commonGame: 10, cloneRun: 3, k: 3),
        Shape(players: 40, seed: 56, onePoint: true, commonGame: 999_999, cloneRun: 2, k: 60),
        Shape(players: 40, seed: 57, allAnywhere: true, commonGame: 999_999, k: 60),
    ]

    /// Lists and reasons equal the oracle on 1 and 3 threads, with the same counters, and equal the plain scans.
    @Test(arguments: 0..<shapes.count)
    func prunedEqualsBruteForce(_ index: Int) {
        let s = Self.shapes[index]
        let p = Self.population(s, prune: true)
        let oracle = BruteForcePairer.pair(p)
        #expect((0..<p.count).contains { !oracle.list($0).isEmpty }, "\(s)")
        let one = BulkPairer.pair(p, threads: 1)
        let three = BulkPairer.pair(p, threads: 3)
        #expect(one.lists == oracle, "\(s)")
        #expect(three.lists == oracle, "\(s)")
        #expect(one.counters == three.counters, "\(s)")
        let reasons = BruteForcePairer.emptyReasons(p, lists: oracle)
        #expect(one.emptyReasons == reasons, "\(s)")
        #expect(three.emptyReasons == reasons, "\(s)")
        let plain = BulkPairer.pair(Self.population(s, prune: false), threads: 2)
        #expect(plain.lists == one.lists, "\(s)")
        #expect(plain.emptyReasons == one.emptyReasons, "\(s)")
    }

    /// Dense columns (every region, however small, gets them) against none: the plain scan's lists, reasons and
    /// work counters are the same, and equal the oracle's lists; the one-point shapes really use columns.
    @Test(arguments: 0..<shapes.count)
    func denseColumnsScoreLikeTheScatter(_ index: Int) {
        let s = Self.shapes[index]
        let columns = Self.population(s, prune: false, denseColumnsFrom: 0)
        let none = Self.population(s, prune: false, denseColumnsFrom: .max)
        let withColumns = BulkPairer.pair(columns, threads: 2)
        let without = BulkPairer.pair(none, threads: 2)
        #expect(withColumns.lists == without.lists, "\(s)")
        #expect(withColumns.emptyReasons == without.emptyReasons, "\(s)")
        #expect(withColumns.counters == without.counters, "\(s)")
        #expect(withColumns.lists == BruteForcePairer.pair(columns), "\(s)")
        if s.onePoint && !s.allAnywhere {
            let region = RegionIndex(games: columns.appIDs.count)
            region.build(members: (0..<Int32(columns.count)).filter { columns.searchRadiusKm(Int($0)) >= 0 },
                         population: columns, denseColumnsFrom: 0)
            #expect(region.columnCount > 0, "\(s)")
        }
    }

    /// The shapes with clones really have ties inside lists, so the steamid tie-break is exercised.
    @Test func clonedShapesTie() {
        for s in Self.shapes where s.cloneRun > 1 {
            let p = Self.population(s, prune: true)
            let oracle = BruteForcePairer.pair(p)
            let tied = (0..<p.count).contains { u in
                let l = oracle.list(u)
                return zip(l, l.dropFirst()).contains { $0.score == $1.score }
            }
            #expect(tied, "\(s)")
        }
    }

    /// The pruning is real where its bound is tight: on one dense region where everyone also plays one game (the
    /// longest list, with small weights) and lists are short, the pruned traversal stops before scanning everything
    /// and so scans fewer postings than the plain scatter-add (counters, not time).
    @Test func prunedRegionScansLess() {
        let s = Shape(players: 3_000, seed: 58, onePoint: true, commonGame: 999_999, k: 3)
        let pruned = BulkPairer.pair(Self.population(s, prune: true), threads: 2)
        let plain = BulkPairer.pair(Self.population(s, prune: false), threads: 2)
        #expect(pruned.lists == plain.lists)
        #expect(pruned.counters.postingsScanned < plain.counters.postingsScanned)
    }
}
