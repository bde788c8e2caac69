import Testing
@testable import Normalize

@Suite struct GameAccumulatorTests {
    /// One accumulator per library row: the flat layout is what keeps normalize's biggest table small.
    @Test func accumulatorIsFlat() {
        #expect(MemoryLayout<GameAccumulator>.stride == 72)
    }

    /// The `RankedValue` view reads and writes the flat storage (what the spill codec relies on).
    @Test func rankedViewsRoundTrip() {
        var game = GameAccumulator()
        #expect(game.name.value == nil && game.name.rank == .none && game.minutesTotal == nil && game.minutesRank == nil)
        game.name = RankedValue(value: "Dota 2", rank: RankRef(3))
        game.minutes2Weeks = RankedValue(value: 0, rank: RankRef(4))
        game.lastPlayed = RankedValue(value: -5, rank: RankRef(5))
        game.minutesTotal = 90
        game.minutesRank = GameAccumulator.MinutesRank(exact: true, rank: RankRef(6))
        #expect(game.name.value == "Dota 2" && game.name.rank == RankRef(3))
        #expect(game.minutes2Weeks.value == 0 && game.minutes2Weeks.rank == RankRef(4))
        #expect(game.lastPlayed.value == -5 && game.lastPlayed.rank == RankRef(5))
        #expect(game.minutesTotal == 90 && game.minutesRank?.exact == true && game.minutesRank?.rank == RankRef(6))
        game.minutes2Weeks = RankedValue()
        #expect(game.minutes2Weeks.value == nil && game.minutes2Weeks.rank == .none)
    }
}
