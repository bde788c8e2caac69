import Foundation
import Testing
import PlayerModel
import SyntheticData
@testable import Pairing

/// The depth-damped vector length (`ScoreModel.vectorDivisor`, `PairingConfig.normExponent`).
@Suite struct ScoreModelTests {
    @Test func divisorIsTheLengthAtAlphaOneAndDampedBelowTheReference() {
        #expect(ScoreModel.vectorDivisor(norm: 7.5, exponent: 1) == 7.5)
        // α = 0.5, R = 40: a length-10 vector is divided by √10·√40 = 20; one longer than R by its own length.
        #expect(abs(ScoreModel.vectorDivisor(norm: 10, exponent: 0.5) - 20) < 1e-12)
        #expect(ScoreModel.vectorDivisor(norm: 100, exponent: 0.5) == 100)
        #expect(abs(ScoreModel.vectorDivisor(norm: 40, exponent: 0.5) - 40) < 1e-12)
        #expect(ScoreModel.vectorDivisor(norm: 0, exponent: 0.5) == 0)
        // α = 0: every vector shorter than R is divided by R (a plain dot product, scaled).
        #expect(ScoreModel.vectorDivisor(norm: 3, exponent: 0) == ScoreModel.depthReferenceNorm)
    }

    /// Vectors store their weights in 2 bytes (`PreparedPopulation.vectorWeight`): the scale must fit.
    @Test func weightScaleFitsTheTwoByteColumn() {
        #expect(ScoreModel.weightScale <= UInt32(UInt16.max))
    }

    @Test func everyQuantisedVectorStaysWithinTheScale() {
        let dataset = SyntheticPopulation.generate(LibraryMix.realPlaytime.applied(to: SyntheticPopulationConfig(players: 600, seed: 3)))
        for alpha in [0.0, 0.5, 1.0] {
            let p = PreparedPopulation(dataset: dataset, config: PairingConfig(normExponent: alpha))
            for i in 0..<p.count {
                let squares = p.vectorRanges[i].reduce(UInt64(0)) {
                    $0 + UInt64(p.vectorWeight[$1]) * UInt64(p.vectorWeight[$1])
                }
                // Length ≤ S (plus the rounding of the max(1, ·) floor on tiny entries), so dots fit Cauchy–Schwarz.
                #expect(squares <= ScoreModel.gameScale + UInt64(p.vectorRanges[i].count), "α \(alpha), player \(i)")
            }
        }
    }

    /// u plays games A and B. One partner plays only A; the other plays A, B and five more. Plain cosine
    /// (α = 1) prefers the one-game partner (0.66 vs 0.46: the deeper library's length costs more than the
    /// second shared game brings); the default α = 0.5 damps that length, so the deeper library ranks first.
    @Test func defaultAlphaRanksTheDeeperLibraryFirstWhereCosineDoesNot() {
        var dataset = PlayerDataset()
        let u = SteamID64(rawValue: 76_561_198_000_000_001)!
        let shallow = SteamID64(rawValue: 76_561_198_000_000_002)!
        let deep = SteamID64(rawValue: 76_561_198_000_000_003)!
        for id in [u, shallow, deep] {
            var player = Player(steamID: id)
            player.latitude = 47.6; player.longitude = -122.3
            dataset.players.append(player)
            dataset.games.append(PlayerGame(steamID: id, appID: 570, minutesTotal: 600))
        }
        for id in [u, deep] { dataset.games.append(PlayerGame(steamID: id, appID: 440, minutesTotal: 600)) }
        for app in 1...5 { dataset.games.append(PlayerGame(steamID: deep, appID: UInt32(1000 + app), minutesTotal: 60)) }
        // Filler players elsewhere, so the IDFs are not degenerate (N = 33).
        for f in 0..<30 {
            let id = SteamID64(rawValue: 76_561_198_100_000_000 + UInt64(f))!
            var player = Player(steamID: id)
            player.latitude = -33.9; player.longitude = 151.2
            dataset.players.append(player)
            dataset.games.append(PlayerGame(steamID: id, appID: UInt32(5000 + f), minutesTotal: 60))
        }
        func first(alpha: Double) -> SteamID64? {
            let p = PreparedPopulation(dataset: dataset, config: PairingConfig(k: 2, normExponent: alpha))
            let lists = BulkPairer.pair(p, threads: 1).lists
            return lists.list(p.index(of: u)!).first.map { p.steamIDs[Int($0.other)] }
        }
        #expect(first(alpha: 1) == shallow)
        #expect(first(alpha: PairingConfig.defaultNormExponent) == deep)
    }
}
