import Testing
import SyntheticData
@testable import Pairing

/// The pool's exclusion marks say, for every later position, exactly what the population's exclusion lists say in
/// each direction (pair exclusions on both sides, directed ones on the decider's).
@Suite struct PoolExclusionIndexTests {
    @Test func marksEqualTheExclusionListsBothWays() {
        let p = BulkPairerTests.largePool(players: 1_200, seed: 51, share: 0.8, config: PairingConfig(k: 5))
        let members = BulkPairer.poolMembers(p)
        let n = members.count
        #expect(n > 600)
        let index = PoolExclusionIndex(members: members, population: p)
        let marks = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        defer { marks.deallocate() }
        marks.initialize(repeating: 0, count: n)
        var rowMarks = 0, columnMarks = 0, oneSided = 0
        for r in 0..<n {
            index.mark(row: r, in: marks)
            let u = Int(members[r])
            for c in 0..<n {
                let v = Int(members[c])
                let expected: UInt8 = c <= r ? 0
                    : (p.isExcluded(u, from: v) ? PoolExclusionIndex.rowExcludes : 0)
                    | (p.isExcluded(v, from: u) ? PoolExclusionIndex.columnExcludes : 0)
                if marks[c] != expected { Issue.record("row \(r) column \(c): \(marks[c]) != \(expected)") }
                if expected & PoolExclusionIndex.rowExcludes != 0 { rowMarks += 1 }
                if expected & PoolExclusionIndex.columnExcludes != 0 { columnMarks += 1 }
                if expected == PoolExclusionIndex.rowExcludes || expected == PoolExclusionIndex.columnExcludes { oneSided += 1 }
            }
            index.unmark(row: r, in: marks)
            #expect((0..<n).allSatisfy { marks[$0] == 0 })
        }
        // Both directions occur, and one-sided ones too (directed exclusions), so the bits are really checked.
        #expect(rowMarks > 0)
        #expect(columnMarks > 0)
        #expect(oneSided > 0)
    }

    @Test func anEmptyIndexMarksNothing() {
        let index = PoolExclusionIndex(positions: 4)
        let marks = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
        defer { marks.deallocate() }
        marks.initialize(repeating: 0, count: 4)
        for r in 0..<4 { index.mark(row: r, in: marks) }
        #expect((0..<4).allSatisfy { marks[$0] == 0 })
    }
}
