import Testing
@testable import SyntheticData

@Suite struct SyntheticCatalogueTests {
    @Test func headIsRealAndTailIsSynthetic() throws {
        let catalogue = SyntheticCatalogue(size: 200)
        #expect(catalogue.entries[0].appID == 570 && catalogue.entries[0].name == "Dota 2")
        #expect(catalogue.entries[1].appID == 730 && catalogue.entries[1].name == "Counter-Strike 2")
        let head = SyntheticCatalogue.realHead.count
        #expect(catalogue.entries.prefix(head).allSatisfy { $0.isReal })
        let firstSynthetic = catalogue.entries[head]
        #expect(firstSynthetic.name == "Synthetic Game 1" && firstSynthetic.appID == 9_000_010 && !firstSynthetic.isReal)
        #expect(Set(catalogue.appIDs).count == 200)
        for (index, entry) in catalogue.entries.enumerated() {
            #expect(catalogue.index(ofAppID: entry.appID) == index)
        }
        #expect(catalogue.index(ofAppID: 9_000_015) == nil)
    }

    @Test func aliasSamplingMatchesZipfPopularity() {
        let catalogue = SyntheticCatalogue(size: 1_000, zipfExponent: 1.1, zipfOffset: 2)
        #expect(abs(catalogue.popularity.reduce(0, +) - 1) < 1e-9)
        #expect(zip(catalogue.popularity, catalogue.popularity.dropFirst()).allSatisfy { $0 > $1 })
        var rng = SplitMix(seed: 3, index: 0, stream: 0)
        var counts = [Int](repeating: 0, count: catalogue.count)
        let draws = 400_000
        for _ in 0..<draws { counts[catalogue.index(forUnit: rng.unit())] += 1 }
        for rank in [0, 1, 2, 9, 49] {
            let expected = catalogue.popularity[rank] * Double(draws)
            #expect(abs(Double(counts[rank]) - expected) < 5 * expected.squareRoot() + 1,
                    "rank \(rank): \(counts[rank]) vs \(expected)")
        }
        let tail = counts[500...].reduce(0, +)
        let expectedTail = catalogue.popularity[500...].reduce(0, +) * Double(draws)
        #expect(abs(Double(tail) - expectedTail) < 5 * expectedTail.squareRoot())
        #expect(catalogue.index(forUnit: 0.999_999_999_999) < catalogue.count)
    }
}
