import PipelineCore
import PlayerModel
import SyntheticData
import Testing
@testable import Pairing

@Suite struct PairingRunTests {
    static let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 1_500, seed: 5))

    @Test func explanationsAreFaithfulToTheScore() throws {
        let p = PreparedPopulation(dataset: Self.dataset, config: PairingConfig(k: 5))
        let lists = BulkPairer.pair(p).lists
        var minutes: [String: Int] = [:]
        for g in Self.dataset.games where g.minutesTotal > 0 {
            minutes["\(g.steamID)/\(g.appID)"] = max(minutes["\(g.steamID)/\(g.appID)"] ?? 0, g.minutesTotal)
        }
        var explained = 0
        for u in 0..<p.count {
            for c in lists.list(u) {
                let v = Int(c.other)
                let e = p.explain(u, v)
                let uid = p.steamIDs[u], vid = p.steamIDs[v]
                #expect(!e.topGames.isEmpty)
                // Every shared term, to check the cited ones are the largest.
                var terms: [(UInt32, UInt32)] = []
                for i in p.vectorRange(u) {
                    for j in p.vectorRange(v) where p.vectorGame[i] == p.vectorGame[j] {
                        terms.append((p.appIDs[Int(p.vectorGame[i])], UInt32(p.vectorWeight[i]) * UInt32(p.vectorWeight[j])))
                    }
                }
                #expect(terms.count == e.sharedGames)
                #expect(terms.reduce(UInt32(0)) { $0 + $1.1 } == c.dot)
                let cited = Set(e.topGames.map(\.appID))
                let smallestCited = e.topGames.map(\.term).min()!
                for (app, term) in terms where !cited.contains(app) { #expect(term <= smallestCited) }
                for g in e.topGames {
                    #expect(g.minutesYou == minutes["\(uid)/\(g.appID)"] ?? 0)
                    #expect(g.minutesThem == minutes["\(vid)/\(g.appID)"] ?? 0)
                    #expect(g.minutesYou > 0 || g.favouriteYou)
                    #expect(g.minutesThem > 0 || g.favouriteThem)
                }
                let (_, d) = p.geoAdmits(u, v)
                #expect(e.distanceKm == d)
                #expect(e.distanceBucket == PreparedPopulation.bucket(ofKm: d))
                let favourites = Set(Self.dataset.preferences.first { $0.steamID == uid }?.favoriteAppIDs ?? [])
                for f in e.favouriteHits {
                    #expect(favourites.contains(f))
                    #expect(minutes["\(vid)/\(f)"] != nil
                        || Self.dataset.preferences.first { $0.steamID == vid }?.favoriteAppIDs.contains(f) == true)
                }
                let top = e.topGames[0]
                let name = p.gameNames[top.appID] ?? "app \(top.appID)"
                #expect(e.sentence.contains(name))
                explained += 1
            }
        }
        #expect(explained > 500)
    }

    @Test func exposureCapHoldsAndIsDeterministic() throws {
        let config = PairingConfig(k: 6, exposureCapFactor: 1.0)
        let a = PairingRun.run(.init(dataset: Self.dataset, config: config))
        let b = PairingRun.run(.init(dataset: Self.dataset, config: PairingConfig(k: 6, exposureCapFactor: 1.0, threads: 2)))
        #expect(a.pairings == b.pairings)
        var appearances: [Int32: Int] = [:]
        for u in 0..<a.lists.players {
            for c in a.lists.list(u) { appearances[c.other, default: 0] += 1 }
        }
        #expect(appearances.values.max()! <= 6)
        let uncapped = PairingRun.run(.init(dataset: Self.dataset, config: PairingConfig(k: 6)))
        var uncappedAppearances: [Int32: Int] = [:]
        for u in 0..<uncapped.lists.players {
            for c in uncapped.lists.list(u) { uncappedAppearances[c.other, default: 0] += 1 }
        }
        #expect(uncappedAppearances.values.max()! > 6)
        #expect(a.summary.exposureGini < uncapped.summary.exposureGini)
        #expect(a.summary.exposureCap == 6)
    }

    @Test func previouslyUnpairedGoFirstUnderTheCap() throws {
        let config = PairingConfig(k: 3, exposureCapFactor: 0.34)  // cap 2 appearances
        let first = PairingRun.run(.init(dataset: Self.dataset, config: config))
        let starved = (0..<first.lists.players).filter { first.lists.counts[$0] < 3 }
        let ids = PreparedPopulation(dataset: Self.dataset, config: config).steamIDs
        let priority = starved.map { ids[$0] }
        try #require(!priority.isEmpty)
        let second = PairingRun.run(.init(dataset: Self.dataset, previouslyUnpaired: priority, config: config))
        let before = starved.reduce(0) { $0 + Int(first.lists.counts[$1]) }
        let after = starved.reduce(0) { $0 + Int(second.lists.counts[$1]) }
        #expect(after > before)
    }

    @Test func decisionsBecomeMatchesAndSuppressPairsAcrossRuns() throws {
        let config = PairingConfig(k: 10)
        let first = PairingRun.run(.init(dataset: Self.dataset, config: config))
        let p = PreparedPopulation(dataset: Self.dataset, config: config)
        let u = try #require((0..<p.count).first { first.lists.counts[$0] >= 3 })
        let list = Array(first.lists.list(u))
        let uid = p.steamIDs[u]
        let v1 = p.steamIDs[Int(list[0].other)], v2 = p.steamIDs[Int(list[1].other)], v3 = p.steamIDs[Int(list[2].other)]
        let decisions = [
            Decision(from: uid, to: v1, kind: .accept, at: 1_000), Decision(from: v1, to: uid, kind: .accept, at: 2_000),
            Decision(from: uid, to: v2, kind: .reject, at: 1_500),
            Decision(from: uid, to: v3, kind: .accept, at: 1_600),
        ]
        let second = PairingRun.run(.init(dataset: Self.dataset, decisions: decisions, config: config))
        #expect(second.ledger.newMatches == [MatchRecord(pair: PairKey(uid, v1), matchedAt: 2_000)])
        #expect(second.newMatches.rows.count == 1)
        #expect(second.newMatches.rows[0][2] == .string("1970-01-01T00:33:20Z"))
        let shown = Set(second.lists.list(u).map { p.steamIDs[Int($0.other)] })
        #expect(!shown.contains(v1) && !shown.contains(v2) && !shown.contains(v3))
        let v2Index = try #require(p.index(of: v2)), v3Index = try #require(p.index(of: v3))
        #expect(!second.lists.list(v2Index).contains { $0.other == Int32(u) })
        _ = v3Index  // v3 may still be shown u: u's accept waits for v3's answer.

        // Next run with the state of the second: same matches, nothing new; rerunning it again changes nothing.
        let third = PairingRun.run(.init(dataset: Self.dataset, decisions: decisions,
                                         previousMatches: second.ledger.matches, config: config))
        let again = PairingRun.run(.init(dataset: Self.dataset, decisions: decisions,
                                         previousMatches: second.ledger.matches, config: config))
        #expect(third.matches == second.matches)
        #expect(third.newMatches.rows.isEmpty)
        #expect(third.pairings == again.pairings && third.summary == again.summary)
        #expect(third.summary.matchesTotal == 1 && third.summary.matchesNew == 0)
    }

    @Test func summaryAccountsForEveryPlayer() {
        let out = PairingRun.run(.init(dataset: Self.dataset, config: PairingConfig(k: 10)))
        let s = out.summary
        #expect(s.players == 1_500)
        #expect(s.listSizeDistribution.reduce(0, +) == s.players)
        #expect(s.players - s.listSizeDistribution[0] == s.playersPaired)
        #expect(s.unpairedByReason.values.reduce(0, +) == s.listSizeDistribution[0])
        #expect(s.unpairedByReason["no_games"]! > 0)
        #expect(s.unpairedByReason["no_location"]! > 0)
        #expect(out.unpaired.rows.count == s.listSizeDistribution[0])
        #expect(out.pairings.rows.count == s.pairings)
        let json = String(decoding: s.jsonBytes(), as: UTF8.self)
        #expect(json.contains("\"players_paired\""))
        #expect(json.range(of: "\"decisions\"")!.lowerBound < json.range(of: "\"players\"")!.lowerBound)
        #expect(!json.contains("postings_scanned"))
    }
}
