@testable import Pairing
import Testing

/// `VectorPrefetch` only hints, so what can go wrong is an index out of range while it computes the addresses: the
/// buffers' subscripts are checked in this (debug) build, and these calls cover every position of a list, its ends,
/// vectors that are empty (also at the columns' end), short vectors near the end and empty columns.
@Suite struct VectorPrefetchTests {
    @Test func askingAheadNeverReadsOutOfRange() {
        // Players 0…5: vectors of 3, 0, 20, 1, 0 and 0 entries, not in player order (as `PreparedPopulation` lays
        // them out): player 0's run ends the columns, and the empty ones lie at the columns' end.
        let vectorRanges = [21..<24, 24..<24, 1..<21, 0..<1, 24..<24, 24..<24]
        let games = [UInt32](0..<24), weights = [UInt16](repeating: 7, count: 24)
        let lists: [[Int32]] = [[], [0], [5, 4, 3, 2, 1, 0], (0..<40).map { Int32($0 % 6) }]
        var asked = 0
        vectorRanges.withUnsafeBufferPointer { vs in
            games.withUnsafeBufferPointer { vg in
                weights.withUnsafeBufferPointer { vw in
                    for list in lists {
                        list.withUnsafeBufferPointer { players in
                            for k in 0...players.count {
                                VectorPrefetch.ahead(of: k, count: players.count, player: { Int(players[$0]) }, vs: vs, vg: vg, vw: vw)
                                asked += 1
                            }
                        }
                    }
                    for v in [-1, 0, 5, 6, 99] { VectorPrefetch.entries(of: v, vs: vs, vg: vg, vw: vw); VectorPrefetch.start(of: v, vs: vs) }
                }
            }
        }
        // Empty columns (a population without any game vector).
        let noGames: [UInt32] = [], noWeights: [UInt16] = []
        [0..<0].withUnsafeBufferPointer { vs in
            noGames.withUnsafeBufferPointer { vg in
                noWeights.withUnsafeBufferPointer { vw in
                    [Int32(0)].withUnsafeBufferPointer { players in
                        VectorPrefetch.ahead(of: 0, count: players.count, player: { Int(players[$0]) }, vs: vs, vg: vg, vw: vw)
                        VectorPrefetch.entries(of: 0, vs: vs, vg: vg, vw: vw)
                    }
                }
            }
        }
        #expect(asked == lists.reduce(0) { $0 + $1.count + 1 })
    }
}
