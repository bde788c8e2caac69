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

    /// Three records of one match where the top-ranked one lacks a field, the lowest states it and the middle
    /// one states it differently: the field comes from the middle one whatever the order and however the
    /// records are split over accumulators (ingest workers) and absorbed.
    @Test func everyOrderAndSplitOfTheRecordsGivesTheSameTables() {
        func details(_ id: UInt64, duration: Int?, mode: Int?, kills: Int?, line: Int) -> DotaFacts {
            var player = DotaPlayerFacts(account: .player(Self.p), slot: 0, heroID: 5)
            player.kills = kills
            var match = DotaMatchFacts(matchID: id, players: [player, DotaPlayerFacts(account: .anonymous, slot: 128, heroID: 1)],
                                       isDetailed: true, line: line)
            match.duration = duration
            match.gameMode = mode
            match.radiantWin = true
            return DotaFacts(kind: .matchDetails, matches: [match])
        }
        let records: [(DotaFacts, DocumentOrigin, Int64?)] = [
            (details(7, duration: nil, mode: 22, kills: nil, line: 1), DocumentOrigin(file: "new.jsonl", line: 1), 300),
            (details(7, duration: 1_800, mode: 1, kills: 4, line: 1), DocumentOrigin(file: "mid.jsonl", line: 1), 200),
            (details(7, duration: 999, mode: 2, kills: 9, line: 2), DocumentOrigin(file: "mid.jsonl", line: 2), 100),
            (Self.history(), DocumentOrigin(file: "h.json"), nil),
            (DotaFacts(kind: .heroes, heroes: [DotaHeroFacts(id: 5, name: "npc_dota_hero_crystal_maiden")]), DocumentOrigin(file: "a.json"), 5),
            (DotaFacts(kind: .heroes, heroes: [DotaHeroFacts(id: 5, localizedName: "Crystal Maiden")]), DocumentOrigin(file: "b.json"), 9),
        ]
        func tables(order: [Int], shards: Int) -> [Table] {
            var parts = Array(repeating: DotaAccumulator(), count: shards)
            for (n, i) in order.enumerated() { parts[n % shards].add(records[i].0, origin: records[i].1, fetchedAt: records[i].2) }
            var whole = DotaAccumulator()
            for part in parts.reversed() { whole.absorb(part) }
            return DotaTables.tables(for: whole.finish(diagnostics: DiagnosticLog()))
        }
        let reference = tables(order: Array(records.indices), shards: 1)
        let merged = DotaTables.tables(for: {
            var one = DotaAccumulator()
            for record in records { one.add(record.0, origin: record.1, fetchedAt: record.2) }
            return one.finish(diagnostics: DiagnosticLog())
        }())
        #expect(merged == reference)
        let match = reference[0].rows.first { $0[0] == .id(7) }!
        #expect(match[4] == .int(1_800) && match[5] == .int(22), "duration from the middle record, mode from the newest")
        #expect(reference[1].rows.first { $0[0] == .id(7) }![8] == .int(4), "kills from the middle record")
        #expect(reference[2].rows[0][1] == .string("npc_dota_hero_crystal_maiden") && reference[2].rows[0][2] == .string("Crystal Maiden"))
        var generator = SeededGenerator(seed: 16)
        for trial in 0..<30 {
            let order = Array(records.indices).shuffled(using: &generator)
            #expect(tables(order: order, shards: 1 + trial % 3) == reference, "order \(order), \(1 + trial % 3) shards")
        }
    }
}
