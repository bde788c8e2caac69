import Testing
@testable import Report

@Suite struct HeadlineFiguresTests {
    @Test func fallsOfTwentyPercentAndRisingErrorsStandOut() {
        let previous = HeadlineFigures(figures: ["players_paired": 1000, "pairings": 100, "errors": 0, "trades": 10, "custom": 1])
        let current = HeadlineFigures(figures: ["players_paired": 600, "pairings": 81, "errors": 2, "trades": 8, "lobbies": 3])
        let deltas = HeadlineFigures.deltas(current: current, previous: previous)
        #expect(deltas.map(\.name) == ["errors", "players_paired", "pairings", "trades", "lobbies", "custom"])
        let alarming = Set(deltas.filter(\.isAlarming).map(\.name))
        // 1000 → 600 is −40 %; 100 → 81 is −19 %; 10 → 8 is exactly −20 %; errors rose.
        #expect(alarming == ["players_paired", "trades", "errors"])
        #expect(deltas.first { $0.name == "lobbies" }?.previous == nil)
    }
}
