@testable import PlayerModel
import Testing

/// `mergeSortedRuns` equals a stable sort of the concatenated runs for any number of parts: keys repeat within
/// and across runs (so ties must go to the earlier run, then the earlier row, also where a part is cut), and
/// runs may be empty or hold nothing but one key.
@Suite struct ArraySortedRunsTests {
    struct Row: Equatable {
        var key: Int
        var tag: String
    }

    static func runs(seed: UInt64, count: Int, distinctKeys: Int) -> (rows: [Row], ends: [Int]) {
        var generator = PlayerDatasetMergeTests.Generator(state: seed)
        var rows: [Row] = [], ends: [Int] = []
        for run in 0..<count {
            let length = run % 6 == 4 ? 0 : Int.random(in: 0...400, using: &generator)
            let constant = run % 9 == 2
            var keys = (0..<length).map { _ in constant ? 7 : Int.random(in: 0..<distinctKeys, using: &generator) }
            keys.sort()
            rows += keys.enumerated().map { Row(key: $0.element, tag: "r\(run)#\($0.offset)") }
            ends.append(rows.count)
        }
        return (rows, ends)
    }

    @Test(arguments: [1, 2, 3, 8, 64])
    func anyNumberOfPartsGivesTheStableSort(parts: Int) {
        for (seed, distinctKeys) in [(UInt64(1), 5), (2, 100), (3, 1_000_000)] {
            let (rows, ends) = Self.runs(seed: seed, count: 23, distinctKeys: distinctKeys)
            var merged = rows
            merged.mergeSortedRuns(ends: ends, key: \.key, by: <, parts: parts, rowsPerPart: 16)
            let stable = rows.indices.sorted { (rows[$0].key, $0) < (rows[$1].key, $1) }.map { rows[$0] }
            #expect(merged == stable, "seed \(seed), \(distinctKeys) keys")
        }
    }

    /// Any permutation is placed exactly (rows holding heap strings; block sizes that do and do not divide the
    /// count, and one block for everything), even one that is no merge, where the extra blocks grow as needed.
    @Test(arguments: [1, 3, 64, 1_000, 200_000])
    func anyPermutationIsPlaced(blockRows: Int) {
        var generator = PlayerDatasetMergeTests.Generator(state: UInt64(blockRows))
        let n = 150_001
        var order = (0..<n).map { UInt32($0) }
        order.shuffle(using: &generator)
        let rows = (0..<n).map { Row(key: $0, tag: "row-\($0)-with-a-tag-longer-than-fifteen-bytes") }
        var moved = rows
        moved.moveIntoMergedOrder(order, blockRows: blockRows)
        #expect(moved == order.map { rows[Int($0)] })
    }

    /// A merge of sorted runs is placed with at most about two extra blocks per run, whatever the table's size:
    /// the memory the merge of a million players' game rows saves over a gather into a second array.
    @Test(arguments: [(23, 7), (64, 16), (64, 5)])
    func aMergeNeedsAFewBlocksPerRun(runCount: Int, blockRows: Int) {
        let (rows, ends) = Self.runs(seed: UInt64(runCount * blockRows), count: runCount, distinctKeys: 1_000)
        let runs = zip([0] + ends.dropLast(), ends).filter { $0.0 < $0.1 }
        var stable = rows.indices.sorted { (rows[$0].key, $0) < (rows[$1].key, $1) }.map { UInt32($0) }
        var moved = rows
        let extras = moved.moveIntoMergedOrder(stable, blockRows: blockRows)
        #expect(moved == stable.map { rows[Int($0)] })
        #expect(extras <= 2 * runs.count + 2, "\(extras) extra blocks for \(runs.count) runs of \(rows.count) rows")
        // A shuffled order of the same rows needs far more: the bound is the merge's, not the mover's.
        var generator = PlayerDatasetMergeTests.Generator(state: 5)
        stable.shuffle(using: &generator)
        var shuffled = rows
        #expect(shuffled.moveIntoMergedOrder(stable, blockRows: blockRows) > 2 * runs.count + 2)
    }
}
