import Ingest
import PipelineCore
import PlayerModel
import Testing
@testable import Normalize

@Suite struct GameLogTests {
    private struct Document {
        var rank: RankRef
        var exactMinutes: Bool
        var statements: [(GameKey, GameFacts)]
    }

    /// Documents with distinct ranks (some JSON, some XML), each stating a few games of a few players, with
    /// a key stated twice inside one document now and then, and enough statements to fill several chunks.
    private static func documents(seed: UInt64, count: Int, ranks: inout RankTable) -> [Document] {
        var rng = SeededGenerator(seed: seed)
        let players = (0..<40).map { SteamID64(rawValue: 76_561_198_000_000_000 + UInt64($0) * 7)! }
        return (0..<count).map { d in
            let isJSON = Bool.random(using: &rng)
            let rank = ranks.append(SourceRank(fetchedAt: Int64.random(in: 0...1_000, using: &rng), isJSON: isJSON,
                                               provenance: "doc\(d).json"))
            let owner = players.randomElement(using: &rng)!
            var statements: [(GameKey, GameFacts)] = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                let appID = UInt32.random(in: 1...60, using: &rng)
                let facts = GameFacts(appID: appID, name: Bool.random(using: &rng) ? "Game \(appID) v\(d % 3)" : nil,
                                      minutesTotal: Bool.random(using: &rng) ? Int.random(in: 0...9_000, using: &rng) : nil,
                                      minutes2Weeks: Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 0...600, using: &rng) : nil,
                                      lastPlayed: Bool.random(using: &rng) ? Int64.random(in: 1...2_000_000_000, using: &rng) : nil)
                return (GameKey(player: owner, appID: appID), facts)
            }
            if let first = statements.first, Bool.random(using: &rng) {
                var again = first.1
                again.minutesTotal = (again.minutesTotal ?? 0) + 1
                again.name = "Repeated \(d)"
                statements.append((first.0, again))
            }
            return Document(rank: rank, exactMinutes: isJSON, statements: statements)
        }
    }

    /// Folding the log equals adding every statement to one accumulator per key in a dictionary (the former
    /// table) whatever order the documents arrive in, statements repeated inside a document included.
    @Test(arguments: [UInt64(1), 2, 3])
    func foldEqualsAddingInPlaceInAnyDocumentOrder(seed: UInt64) {
        var ranks = RankTable()
        let documents = Self.documents(seed: seed, count: 1_400, ranks: &ranks)
        var table: [GameKey: GameAccumulator] = [:]
        for document in documents {
            for (key, facts) in document.statements {
                table[key, default: GameAccumulator()].add(facts, exactMinutes: document.exactMinutes, rank: document.rank, in: ranks)
            }
        }
        var rng = SeededGenerator(seed: seed &+ 100)
        var log = GameLog()
        for document in documents.shuffled(using: &rng) {
            for (key, facts) in document.statements {
                log.add(key, facts, exactMinutes: document.exactMinutes, rank: document.rank)
            }
        }
        #expect(log.count > 2 * GameLog.chunkCapacity)
        #expect(log.count == documents.reduce(0) { $0 + $1.statements.count })

        var shared = SharedRowValues(ranks: ranks)
        let expected = table.keys.sorted { ($0.player, $0.appID) < ($1.player, $1.appID) }.map {
            table[$0]!.resolve($0, ranks: ranks, shared: &shared)
        }
        let folded = log.folded(ranks: ranks)
        let actual = folded.map { $0.accumulator.resolve($0.key, ranks: ranks, shared: &shared) }
        #expect(actual == expected)
        #expect(Set(folded.map(\.key)).count == folded.count)
    }

    /// `forEachEntry` gives the entries back in arrival order (what the spill codec writes), across chunks, with
    /// accumulators no statement holds (no source; two documents merged) in their places among the statements.
    @Test func entriesKeepArrivalOrder() {
        var ranks = RankTable()
        let one = ranks.append(SourceRank(fetchedAt: 1, isJSON: true, provenance: "a.json"))
        let two = ranks.append(SourceRank(fetchedAt: 2, isJSON: false, provenance: "b.xml"))
        var merged = GameAccumulator(statementOf: one, name: "Alpha", minutesTotal: 5, exact: true, minutes2Weeks: nil, lastPlayed: 9)
        merged.merge(GameAccumulator(statementOf: two, name: "Beta", minutesTotal: 7, exact: false, minutes2Weeks: 3,
                                     lastPlayed: nil), shift: 0, in: ranks)
        #expect(merged.statement == nil && GameAccumulator().statement == nil)
        var log = GameLog()
        var expected: [(GameKey, GameAccumulator)] = []
        for i in 0..<(GameLog.chunkCapacity + 5) {
            let key = GameKey(player: SteamID64(rawValue: 76_561_198_000_001_000 - UInt64(i % 7))!, appID: UInt32(i))
            let accumulator = i % 1_000 == 3 ? GameAccumulator() : i % 1_000 == 4 ? merged
                : GameAccumulator(statementOf: i % 2 == 0 ? one : two, name: i % 3 == 0 ? nil : "Game \(i % 5)",
                                  minutesTotal: i % 4 == 0 ? nil : i, exact: i % 2 == 0, minutes2Weeks: i % 6 == 0 ? i : nil,
                                  lastPlayed: i % 5 == 0 ? Int64(i) : nil)
            log.append(key, accumulator)
            expected.append((key, accumulator))
        }
        var seen: [GameLog.Entry] = []
        log.forEachEntry { seen.append($0) }
        #expect(seen.map(\.key) == expected.map(\.0))
        var shared = SharedRowValues(ranks: ranks)
        #expect(seen.map { $0.accumulator.resolve($0.key, ranks: ranks, shared: &shared) }
            == expected.map { $0.1.resolve($0.0, ranks: ranks, shared: &shared) })
        #expect(GameLog().isEmpty && GameLog().folded(ranks: RankTable()).isEmpty)
    }

    /// A statement added from a document's facts is the accumulator `add` builds, and costs about 48 bytes in the
    /// log (the 88-byte key and accumulator it replaced were the largest thing ingest held at a million players).
    @Test func aStatementIsWhatAddBuildsInFewerBytes() {
        var ranks = RankTable()
        let documents = Self.documents(seed: 9, count: 1_400, ranks: &ranks)
        var log = GameLog()
        for document in documents {
            for (key, facts) in document.statements {
                var added = GameAccumulator()
                added.add(facts, exactMinutes: document.exactMinutes, rank: document.rank, in: ranks)
                let statement = added.statement
                #expect(statement?.rank == document.rank && statement?.name == facts.name
                    && statement?.minutesTotal == facts.minutesTotal && statement?.lastPlayed == facts.lastPlayed)
                log.add(key, facts, exactMinutes: document.exactMinutes, rank: document.rank)
            }
        }
        var shared = SharedRowValues(ranks: ranks)
        var rebuilt: [PlayerGame] = [], direct: [PlayerGame] = []
        var index = 0
        log.forEachEntry { entry in
            rebuilt.append(entry.accumulator.resolve(entry.key, ranks: ranks, shared: &shared))
            index += 1
        }
        for document in documents {
            for (key, facts) in document.statements {
                var added = GameAccumulator()
                added.add(facts, exactMinutes: document.exactMinutes, rank: document.rank, in: ranks)
                direct.append(added.resolve(key, ranks: ranks, shared: &shared))
            }
        }
        #expect(rebuilt == direct && index > 2 * GameLog.chunkCapacity)
        #expect(log.reservedBytes < 56 * (log.count + GameLog.chunkCapacity) + 4_096)
    }
}
