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

    /// The gather (with a placeholder) puts the rows where the in-place permutation does, on any number of
    /// parts; enough rows that the gather is split (65,536 a part), and rows holding heap strings.
    @Test(arguments: [1, 2, 4])
    func gatherEqualsPermute(parts: Int) {
        var generator = PlayerDatasetMergeTests.Generator(state: UInt64(parts))
        let n = 150_001
        var order = (0..<n).map { UInt32($0) }
        order.shuffle(using: &generator)
        let rows = (0..<n).map { Row(key: $0, tag: "row-\($0)-with-a-tag-longer-than-fifteen-bytes") }
        var permuted = rows, gathered = rows
        permuted.permute(taking: order)
        gathered.gather(taking: order, placeholder: Row(key: -1, tag: ""), parts: parts)
        #expect(gathered == permuted)
        #expect(gathered[0] == rows[Int(order[0])])
    }

    @Test(arguments: [1, 3])
    func mergeWithPlaceholderEqualsMergeInPlace(parts: Int) {
        let (rows, ends) = Self.runs(seed: 9, count: 31, distinctKeys: 50)
        var inPlace = rows, gathered = rows
        inPlace.mergeSortedRuns(ends: ends, key: \.key, by: <, parts: parts, rowsPerPart: 16)
        gathered.mergeSortedRuns(ends: ends, key: \.key, by: <, parts: parts, rowsPerPart: 16, placeholder: Row(key: 0, tag: ""))
        #expect(gathered == inPlace)
    }
}
