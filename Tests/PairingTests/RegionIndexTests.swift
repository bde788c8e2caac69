import Testing
import PlayerModel
import SyntheticData
@testable import Pairing

/// `RegionIndex`: postings by game, and the dense columns of a region's common games.
@Suite struct RegionIndexTests {
    static func population(players: Int, seed: UInt64) -> PreparedPopulation {
        let d = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed, shareAnywhere: 0))
        return PreparedPopulation(dataset: d, exclusions: TestData.exclusions(from: d), config: PairingConfig())
    }

    /// Every game at least a tenth of the region has gets a column (most common first, up to the limit); a column
    /// holds each member's weight from the postings and 0 for the others; rarer games get none. A rebuild over
    /// other members, or without columns, leaves no stale column behind.
    @Test func columnsHoldThePostingsOfCommonGames() {
        let p = Self.population(players: 1_500, seed: 61)
        let members = (0..<Int32(p.count)).filter { !p.vectorRange(Int($0)).isEmpty }
        let index = RegionIndex(games: p.appIDs.count)
        index.build(members: members, population: p, denseColumnsFrom: 0)
        let n = members.count
        var common = 0
        for g in 0..<p.appIDs.count {
            let (first, count) = index.range(of: g)
            guard let column = index.column(of: g) else {
                #expect(count * RegionIndex.denseColumnDivisor < n || common >= RegionIndex.maxDenseColumns, "game \(g)")
                continue
            }
            common += 1
            #expect(count * RegionIndex.denseColumnDivisor >= n, "game \(g)")
            var expected = [UInt16](repeating: 0, count: n)
            for j in first..<(first + count) { expected[Int(index.postings[j].local)] = UInt16(index.postings[j].weight) }
            #expect(Array(UnsafeBufferPointer(start: column, count: n)) == expected, "game \(g)")
        }
        #expect(common == index.columnCount)
        #expect(common > 0, "the synthetic population has common games")

        index.build(members: Array(members.prefix(100)), population: p)
        #expect(index.columnCount == 0)
        #expect((0..<p.appIDs.count).allSatisfy { index.column(of: $0) == nil })
        index.build(members: Array(members.prefix(100)), population: p, denseColumnsFrom: 101)
        #expect(index.columnCount == 0, "a region below the size gets none")
    }

    /// Given every player's side record, a build copies its members' by position (what the geo drain reads), and a
    /// later, larger build over other members replaces them.
    @Test func sidesAreCopiedByPosition() {
        let p = Self.population(players: 600, seed: 62)
        let all = p.sides()
        let index = RegionIndex(games: p.appIDs.count)
        let some: [Int32] = (0..<Int32(p.count)).filter { $0 % 3 == 1 }.reversed()
        for members in [some, Array(0..<Int32(p.count))] {
            index.build(members: members, population: p, sides: all)
            let copied = (0..<members.count).map { index.sides[$0] }
            #expect(copied == members.map { all[Int($0)] })
        }
    }
}
