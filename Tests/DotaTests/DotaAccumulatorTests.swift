import Dota
import Ingest
import PipelineCore
import PlayerModel
import Testing

@Suite struct DotaAccumulatorTests {
    static let p = SteamID64(accountID: 7)!

    static func history() -> DotaFacts {
        var match = DotaMatchFacts(matchID: 42, players: [
            DotaPlayerFacts(account: .player(p), slot: 0, heroID: 5),
            DotaPlayerFacts(account: .anonymous, slot: 129, heroID: 9),
        ], isDetailed: false, line: 3)
        match.startTime = 1_000_000
        match.lobbyType = 0
        return DotaFacts(kind: .matchHistory, matches: [match])
    }

    static func details(duration: Int, radiantWin: Bool) -> DotaFacts {
        var a = DotaPlayerFacts(account: .player(p), slot: 0, heroID: 5)
        a.kills = 3
        var match = DotaMatchFacts(matchID: 42, players: [a, DotaPlayerFacts(account: .bot, slot: 130, heroID: 11)], isDetailed: true, line: 1)
        match.duration = duration
        match.radiantWin = radiantWin
        return DotaFacts(kind: .matchDetails, matches: [match])
    }

    static func merged(_ inputs: [(DotaFacts, DocumentOrigin)]) -> DotaMatch {
        var accumulator = DotaAccumulator()
        for (facts, origin) in inputs {
            accumulator.add(facts, origin: origin, fetchedAt: origin.fetchedAt.map { Int64($0)! })
        }
        return accumulator.finish(diagnostics: DiagnosticLog()).matches[0]
    }

    @Test func historyAndDetailsMergeByMatchIDInAnyOrder() {
        let inputs = [(Self.history(), DocumentOrigin(file: "h.json")), (Self.details(duration: 1_500, radiantWin: true), DocumentOrigin(file: "d.json"))]
        for order in [inputs, inputs.reversed()] {
            let match = Self.merged(order)
            #expect(match.facts.startTime == 1_000_000)      // only the history states it
            #expect(match.facts.lobbyType == 0)
            #expect(match.facts.duration == 1_500)           // only the details state it
            #expect(match.facts.radiantWin == true)
            #expect(match.facts.players.map(\.slot) == [0, 129, 130])   // every listed slot kept
            #expect(match.facts.players[0].kills == 3)
            #expect(match.sources == ["d.json", "h.json"])
            #expect(match.location.file == "d.json")         // the details outrank the history
        }
    }

    @Test func conflictsGoToTheNewestFetchThenTheFirstSource() {
        let old = (Self.details(duration: 1_000, radiantWin: true), DocumentOrigin(file: "a.json", fetchedAt: "100"))
        let new = (Self.details(duration: 2_000, radiantWin: false), DocumentOrigin(file: "b.json", fetchedAt: "200"))
        #expect(Self.merged([old, new]).facts.duration == 2_000)
        #expect(Self.merged([new, old]).facts.radiantWin == false)
        let tieA = (Self.details(duration: 1_000, radiantWin: true), DocumentOrigin(file: "a.json"))
        let tieB = (Self.details(duration: 2_000, radiantWin: true), DocumentOrigin(file: "b.json"))
        #expect(Self.merged([tieB, tieA]).facts.duration == 1_000)
        #expect(Self.merged([tieA, tieB]).facts.duration == 1_000)
    }

    @Test func unknownHeroesAreReportedAtTheMatchWhenAHeroListExists() {
        var accumulator = DotaAccumulator()
        accumulator.add(DotaFacts(kind: .heroes, heroes: [DotaHeroFacts(id: 5, name: "npc_dota_hero_crystal_maiden")]),
                        origin: DocumentOrigin(file: "heroes.json"), fetchedAt: nil)
        accumulator.add(Self.history(), origin: DocumentOrigin(file: "h.json"), fetchedAt: nil)
        let log = DiagnosticLog()
        let dataset = accumulator.finish(diagnostics: log)
        #expect(dataset.matches[0].facts.players.count == 2)   // kept
        #expect(log.all.map(\.description) == ["h.json:3: warning: match 42: hero id 9 not in the heroes list; kept unnamed [dota.unknownHero]"])
        #expect(dataset.heroNames()[5] == "crystal_maiden")
    }
}
