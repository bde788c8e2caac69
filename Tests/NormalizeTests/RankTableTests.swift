import Ingest
import PipelineCore
import Testing
@testable import Normalize

@Suite struct RankTableTests {
    /// Random ranks over a few files: each reads back as appended, its provenance is its text, and `outranks`
    /// agrees with `SourceRank`'s order and with the order of ranks whose provenance is held as one text.
    @Test func ranksReadBackAndOrderAsSourceRanks() {
        var rng = SeededGenerator(seed: 3)
        let files = ["owned_games.jsonl", "profiles.xml", "friends.jsonl", "players/76561197960287930/games.xml", "b"]
        var table = RankTable()
        var ranks: [SourceRank] = []
        var refs: [RankRef] = []
        for i in 0..<3_000 {
            let file = files[Int.random(in: 0..<(i % 7 == 0 ? files.count : 2), using: &rng)]
            let line: Int? = Int.random(in: 0..<5, using: &rng) == 0 ? nil : Int.random(in: 1...120, using: &rng)
            var rank = SourceRank(fetchedAt: Int64.random(in: 0...3, using: &rng), isJSON: Bool.random(using: &rng), file: file, line: line)
            if i % 5 == 0 { rank = rank.withProvenanceText }
            ranks.append(rank)
            refs.append(table.append(rank))
        }
        #expect(table.count == ranks.count)
        for (ref, rank) in zip(refs, ranks) {
            #expect(table[ref] == rank)
            #expect(table.provenance(ref) == rank.provenance)
            #expect(table.isJSON(ref) == rank.isJSON)
        }
        for _ in 0..<20_000 {
            let (i, j) = (Int.random(in: 0..<ranks.count, using: &rng), Int.random(in: 0..<ranks.count, using: &rng))
            let text = (ranks[i].withProvenanceText, ranks[j].withProvenanceText)
            #expect(table.outranks(refs[i], refs[j]) == (i != j && ranks[i] > ranks[j]))
            #expect((ranks[i] > ranks[j]) == (text.0 > text.1))
            #expect((ranks[i] == ranks[j]) == (text.0 == text.1))
        }
    }

    /// A line no 32-bit field holds is kept as text: the same provenance and order, never a trap.
    @Test func aLineBeyondThirtyTwoBitsIsKeptAsText() {
        var table = RankTable()
        let huge = SourceRank(fetchedAt: 1, isJSON: true, file: "big.jsonl", line: 5_000_000_000)
        let small = SourceRank(fetchedAt: 1, isJSON: true, file: "big.jsonl", line: 7)
        let negative = SourceRank(fetchedAt: 1, isJSON: true, file: "big.jsonl", line: -3)
        let (h, s, n) = (table.append(huge), table.append(small), table.append(negative))
        #expect(table.provenance(h) == "big.jsonl:5000000000")
        #expect(table.provenance(n) == "big.jsonl:-3")
        #expect(table.outranks(h, s) == ("big.jsonl:5000000000" < "big.jsonl:7"))
        #expect(table.outranks(s, h) == ("big.jsonl:7" < "big.jsonl:5000000000"))
        #expect(table.outranks(n, s) == ("big.jsonl:-3" < "big.jsonl:7"))
    }

    /// Appending another table shifts its refs by the old count and keeps every rank.
    @Test func appendingATableShiftsItsRefs() {
        var first = RankTable(), second = RankTable()
        _ = first.append(SourceRank(fetchedAt: 1, isJSON: false, file: "a.xml", line: nil))
        let b = second.append(SourceRank(fetchedAt: 2, isJSON: true, file: "b.jsonl", line: 9))
        let c = second.append(SourceRank(fetchedAt: 2, isJSON: true, file: "b.jsonl", line: 10))
        let shift = first.append(contentsOf: second)
        #expect(shift == 1 && first.count == 3)
        #expect(first.provenance(b.shifted(by: shift)) == "b.jsonl:9")
        #expect(first.provenance(c.shifted(by: shift)) == "b.jsonl:10")
        // "b.jsonl:10" sorts before "b.jsonl:9", so it outranks it.
        #expect(first.outranks(c.shifted(by: shift), b.shifted(by: shift)))
    }

    /// Ranks are 16 bytes, and consecutive lines of a bundle share one file entry.
    @Test func ranksAreCompact() {
        var table = RankTable()
        let file = String(decoding: Array("owned_games.jsonl".utf8), as: UTF8.self)
        for line in 1...1_000 { _ = table.append(SourceRank(fetchedAt: 0, isJSON: true, file: file, line: line)) }
        #expect(table.reservedBytes < 1_100 * 16 + 64 * 16)
    }
}
