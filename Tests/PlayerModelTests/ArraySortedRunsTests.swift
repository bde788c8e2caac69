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
}
