import Geo
import PlayerModel
import SyntheticData
import Testing
@testable import Pairing

@Suite struct PreparedPopulationTests {
    /// Every stored column compared one by one (so a failure names the column), then the whole value.
    static func expectSame(_ a: PreparedPopulation, _ b: PreparedPopulation) {
        #expect(a.steamIDs == b.steamIDs)
        #expect(a.appIDs == b.appIDs)
        #expect(a.gameNames == b.gameNames)
        #expect(a.vectorRanges == b.vectorRanges)
        #expect(a.vectorGame == b.vectorGame)
        #expect(a.vectorWeight == b.vectorWeight)
        #expect(a.vectorMinutes == b.vectorMinutes)
        #expect(a.vectorRecentMinutes == b.vectorRecentMinutes)
        #expect(a.vectorFavourite == b.vectorFavourite)
        #expect(a.playedCount == b.playedCount)
        #expect(a.located == b.located)
        #expect(a.unitX == b.unitX && a.unitY == b.unitY && a.unitZ == b.unitZ)
        #expect(a.latitude == b.latitude && a.longitude == b.longitude)
        #expect(a.capKm == b.capKm && a.accuracyKm == b.accuracyKm && a.anywhere == b.anywhere)
        #expect(a.favouriteStart == b.favouriteStart && a.favouriteGame == b.favouriteGame)
        #expect(a.languageStart == b.languageStart && a.languageID == b.languageID)
        #expect(a.languageMask == b.languageMask && a.languageMaskExact == b.languageMaskExact)
        #expect(a.availability == b.availability)
        #expect(a.availabilityWords == b.availabilityWords && a.availabilityHours == b.availabilityHours)
        #expect(a.exclusionStart == b.exclusionStart && a.exclusionOther == b.exclusionOther)
        #expect(a.vectorNormBound == b.vectorNormBound && a.maxFiniteCapKm == b.maxFiniteCapKm)
        #expect(a.statistics == b.statistics)
        #expect(a == b)
    }

    @Test func columnarPathEqualsDatasetPathOnGeneratedPlayers() throws {
        var compact = SyntheticPopulation.generateCompact(SyntheticPopulationConfig(players: 3_000, seed: 23))
        RealCityPlacement(locations: RealCityPlacementTests.cities(60), seed: 23).relocate(&compact.players)
        let dataset = compact.playerDataset()
        let exclusions = TestData.exclusions(from: dataset)
        let config = PairingConfig(k: 10)
        let viaDataset = PreparedPopulation(dataset: dataset, exclusions: exclusions, config: config)
        let viaColumns = PreparedPopulation(players: compact.players, libraries: compact.libraryColumns,
                                            preferences: compact.preferences, exclusions: exclusions, config: config)
        #expect(viaDataset.vectorGame.count > 30_000)
        #expect(viaDataset.exclusionOther.count > 10_000)
        Self.expectSame(viaDataset, viaColumns)
        let a = BulkPairer.pair(viaDataset), b = BulkPairer.pair(viaColumns)
        #expect(a.lists.counts.reduce(0) { $0 + Int($1) } > 10_000)
        #expect(a.lists == b.lists)
        #expect(PairingRun.pairingsTable(a.lists, population: viaDataset, players: 0..<400)
                == PairingRun.pairingsTable(b.lists, population: viaColumns, players: 0..<400))

        // Frozen statistics go through both paths the same way.
        let frozen = GameStatistics(players: 10, documentFrequency: [570: 3])
        Self.expectSame(PreparedPopulation(dataset: dataset, exclusions: exclusions, config: config, statistics: frozen),
                        PreparedPopulation(players: compact.players, libraries: compact.libraryColumns,
                                           preferences: compact.preferences, exclusions: exclusions, config: config,
                                           statistics: frozen))
    }

    static func id(_ n: UInt32) -> SteamID64 { SteamID64(accountID: n)! }

    static func player(_ n: UInt32, latitude: Double? = 48, longitude: Double? = 11) -> Player {
        var p = Player(steamID: id(n), visibility: .public)
        p.latitude = latitude
        p.longitude = longitude
        return p
    }

    /// Players out of order and repeated, repeated app rows, unplayed rows, favourite-only and repeated
    /// favourites, negative two-week minutes, empty names, a second preferences line, repeated exclusions.
    static let players = [player(30), player(10), player(20, latitude: nil, longitude: nil), player(10, latitude: 1), player(40)]
    static let libraries = GameLibraryColumns(
        start: [0, 4, 7, 9, 11, 13],
        appIDs: [730, 570, 730, 440, /* 10 */ 570, 620, 10, /* 20 */ 570, 730, /* 10 again */ 440, 620, /* 40 */ 570, 220],
        minutesTotal: [100, 50, 300, 0, /* 10 */ 90, 0, 5, /* 20 */ 700, 10, /* 10 */ 40, 30, /* 40 */ 60, 120],
        minutes2Weeks: [0, 7, 3, 0, /* 10 */ 0, 0, -4, /* 20 */ 12, 0, /* 10 */ 2, 0, /* 40 */ 0, 9],
        names: [570: "Dota 2", 730: "Counter-Strike 2", 440: "", 620: "Portal 2", 10: "Counter-Strike", 999: "Unused"])
    static let preferences = [
        PlayerPreferences(steamID: id(10), favoriteAppIDs: [220, 570, 220], maxDistanceKm: 80, languages: ["en", "de"]),
        PlayerPreferences(steamID: id(20), favoriteAppIDs: [400], anywhere: true, languages: ["fr"]),
        PlayerPreferences(steamID: id(10), favoriteAppIDs: [4000], languages: ["pt"]),
        PlayerPreferences(steamID: id(99), languages: ["zz"]),
    ]

    /// The same population as `PlayerGame` rows, shuffled, plus a row of a player outside the population.
    static var dataset: PlayerDataset {
        var games: [PlayerGame] = []
        for (k, p) in players.enumerated() {
            for r in libraries.rows(ofPlayer: k) {
                let recent = libraries.minutes2Weeks[r]
                games.append(PlayerGame(steamID: p.steamID, appID: libraries.appIDs[r], name: libraries.names[libraries.appIDs[r]],
                                        minutesTotal: Int(libraries.minutesTotal[r]), minutes2Weeks: recent > 0 ? Int(recent) : nil))
            }
        }
        games.reverse()
        games.append(PlayerGame(steamID: id(99), appID: 8_888, name: "Elsewhere", minutesTotal: 9))
        return PlayerDataset(players: players, games: games, preferences: preferences)
    }

    @Test func columnarPathEqualsDatasetPathOnEdgeCases() {
        var exclusions = PairExclusions(pairs: [(Self.id(10), Self.id(30)), (Self.id(30), Self.id(10)), (Self.id(10), Self.id(10)), (Self.id(10), Self.id(77))])
        exclusions.excludeDirected(from: Self.id(40), to: Self.id(20))
        exclusions.excludeDirected(from: Self.id(40), to: Self.id(20))
        let config = PairingConfig(k: 3)
        let viaDataset = PreparedPopulation(dataset: Self.dataset, exclusions: exclusions, config: config)
        let viaColumns = PreparedPopulation(players: Self.players, libraries: Self.libraries, preferences: Self.preferences,
                                            exclusions: exclusions, config: config)
        var expectedNames = Self.libraries.names
        expectedNames[440] = nil
        expectedNames[999] = nil
        #expect(viaColumns.gameNames == expectedNames)
        expectedNames[8_888] = "Elsewhere"
        #expect(viaDataset.gameNames == expectedNames)
        // The dataset path also names apps of rows outside the population; everything else is the same.
        #expect(viaDataset.steamIDs == [Self.id(10), Self.id(20), Self.id(30), Self.id(40)])
        #expect(viaDataset.appIDs == [10, 220, 400, 440, 570, 620, 730])
        let ten = viaDataset.index(of: Self.id(10))!
        // Player 10 (both of its runs; the first row's location kept): 10 (recent -4 ignored), 440 (recent 2), 570,
        // 620 (unplayed in one run, 30 in the other), favourites 220 (twice) and 570.
        let run = viaDataset.vectorRange(ten)
        #expect(run.map { viaDataset.appIDs[Int(viaDataset.vectorGame[$0])] } == [10, 220, 440, 570, 620])
        #expect(viaDataset.playedCount[ten] == 4)
        #expect(viaDataset.latitude[ten] == 48)
        #expect(run.map { viaDataset.vectorMinutes[$0] } == [5, 0, 40, 90, 30])
        #expect(run.map { viaDataset.vectorRecentMinutes[$0] } == [0, 0, 2, 0, 0])
        #expect(run.map { viaDataset.vectorFavourite[$0] } == [false, true, false, true, false])
        #expect(viaDataset.exclusionOther[viaDataset.exclusionStart[ten]..<viaDataset.exclusionStart[ten + 1]] == [2])
        #expect(viaDataset.exclusionOther == [2, 0, 1])
        var withoutOutsider = Self.dataset
        withoutOutsider.games.removeLast()
        Self.expectSame(PreparedPopulation(dataset: withoutOutsider, exclusions: exclusions, config: config), viaColumns)
        #expect(BulkPairer.pair(viaDataset).lists == BulkPairer.pair(viaColumns).lists)
    }

    @Test func minutesBeyondUInt32AreKeptExactly() {
        var d = Self.dataset
        d.games.append(PlayerGame(steamID: Self.id(40), appID: 570, minutesTotal: 5_000_000_000, minutes2Weeks: 4_300_000_000))
        let p = PreparedPopulation(dataset: d, config: PairingConfig(k: 3))
        let forty = p.index(of: Self.id(40))!
        let run = p.vectorRange(forty)
        #expect(run.map { p.appIDs[Int(p.vectorGame[$0])] } == [220, 570])
        #expect(run.map { p.vectorMinutes[$0] } == [120, 5_000_000_000])
        #expect(run.map { p.vectorRecentMinutes[$0] } == [9, 4_300_000_000])
        var column = MinuteColumn()
        for v in [0, 7, Int(UInt32.max) - 1, Int(UInt32.max), 1 << 40] { column.append(v) }
        #expect((0..<5).map { column[$0] } == [0, 7, Int(UInt32.max) - 1, Int(UInt32.max), 1 << 40])
        #expect(column.count == 5)
        let gathered = column.gathering([3..<5, 0..<0, 0..<2, 2..<3])
        #expect((0..<5).map { gathered[$0] } == [Int(UInt32.max), 1 << 40, 0, 7, Int(UInt32.max) - 1])
    }

    /// The vectors lie in the order `BulkPairer.cells` lists the located players (grid cell, then index), then the
    /// other players by index; every run is the player's own (the same games and weights as a player-order layout).
    @Test func vectorsAreLaidOutInCellOrder() {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 3_000, seed: 11))
        let p = PreparedPopulation(dataset: dataset, config: PairingConfig(k: 5))
        let (_, _, cellMembers) = BulkPairer.cells(p, grid: GeoGrid(cellKm: p.config.gridCellKm))
        let inCells = Set(cellMembers.map(Int.init))
        let order = cellMembers.map(Int.init) + (0..<p.count).filter { !inCells.contains($0) }
        #expect(order.count == p.count)
        var next = 0
        for u in order {
            #expect(p.vectorRanges[u].lowerBound == next, "player \(u)")
            next = p.vectorRanges[u].upperBound
        }
        #expect(next == p.vectorGame.count)
        #expect(cellMembers.count > 1_000 && cellMembers.count < p.count)
        // Each run holds the player's games ascending, as the player-order layout had them.
        let byPlayer = Dictionary(grouping: dataset.games.filter { $0.minutesTotal > 0 }, by: \.steamID)
        for u in 0..<p.count {
            let games = p.vectorRange(u).map { p.appIDs[Int(p.vectorGame[$0])] }
            #expect(games == games.sorted())
            let played = Set((byPlayer[p.steamIDs[u]] ?? []).map(\.appID))
            #expect(played.isSubset(of: Set(games)), "player \(u)")
        }
    }
}
