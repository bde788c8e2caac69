@testable import Pairing
import Testing
@testable import PipelineRunner

@Suite struct UnpairedShareWarningTests {
    static func summary(players: Int, unpaired: [String: Int]) -> PairingSummary {
        PairingSummary(players: players, playersWithGames: players, playersPaired: players - unpaired.values.reduce(0, +),
                       pairings: 0, k: 10, listSizeDistribution: [], unpairedByReason: unpaired, exposureCap: nil,
                       exposureGini: 0, exposureMax: 0, playersNeverProposed: 0, previouslyUnpairedNowPaired: 0,
                       decisions: [:], matchesTotal: 0, matchesNew: 0, matchesDissolved: 0)
    }

    @Test func warnsExactlyWhenOneReasonHoldsHalfThePlayers() {
        let all = UnpairedShareWarning.diagnostics(for: Self.summary(players: 3_000, unpaired: ["no_location": 3_000]))
        #expect(all.map(\.message) == ["3000 of 3000 players have no location: convert with the location table (the default, or --locations) or set anywhere"])
        #expect(all.map(\.code) == ["pair.unpairedShare"])
        #expect(UnpairedShareWarning.diagnostics(for: Self.summary(players: 100, unpaired: ["no_one_in_range": 50])).count == 1)
        // Below half, split over reasons, or too few players: no warning.
        #expect(UnpairedShareWarning.diagnostics(for: Self.summary(players: 100, unpaired: ["no_one_in_range": 49])).isEmpty)
        #expect(UnpairedShareWarning.diagnostics(for: Self.summary(players: 100, unpaired: ["no_games": 40, "no_location": 40])).isEmpty)
        #expect(UnpairedShareWarning.diagnostics(for: Self.summary(players: 9, unpaired: ["no_location": 9])).isEmpty)
        #expect(UnpairedShareWarning.diagnostics(for: Self.summary(players: 100, unpaired: [:])).isEmpty)
    }
}
