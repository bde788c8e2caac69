/// The exclusions between `anywhere` players by pool position: for each position r, the later positions c whose
/// pair is excluded in either direction, and which direction. `PoolScorer` marks a row's entries in one byte per
/// position, so a visited pair's exclusions are one read of a warm array instead of a binary search in the
/// partner's exclusion list (its start and an entry: two cache misses per pair at 1M players).
struct PoolExclusionIndex: Sendable {
    /// Row r's player excludes column c's (`PreparedPopulation.isExcluded(u, from: v)`).
    static let rowExcludes: UInt8 = 1
    /// Column c's player excludes row r's (`isExcluded(v, from: u)`).
    static let columnExcludes: UInt8 = 2

    /// Per position, the start of its entries in `later` and `bits` (one more than the positions).
    private let start: [Int]
    private let later: [Int32]
    private let bits: [UInt8]

    /// An index with no entries (a pool of `positions` players none of whom excludes another).
    init(positions: Int) {
        self.init(start: [Int](repeating: 0, count: positions + 1), later: [], bits: [])
    }

    private init(start: [Int], later: [Int32], bits: [UInt8]) {
        self.start = start
        self.later = later
        self.bits = bits
    }

    init(members: [Int32], population p: PreparedPopulation) {
        let n = members.count
        guard n > 1, !p.exclusionOther.isEmpty else { self.init(positions: n); return }
        var position = [Int32](repeating: -1, count: p.count)
        for (r, u) in members.enumerated() { position[Int(u)] = Int32(r) }
        // Each exclusion u → v between pool players is an entry of the earlier position of the two.
        func forEachEntry(_ body: (_ row: Int, _ column: Int32, _ bit: UInt8) -> Void) {
            for (a, u) in members.enumerated() {
                for k in p.exclusionStart[Int(u)]..<p.exclusionStart[Int(u) + 1] {
                    let b = position[Int(p.exclusionOther[k])]
                    if b < 0 || Int(b) == a { continue }
                    if Int(b) > a { body(a, b, Self.rowExcludes) } else { body(Int(b), Int32(a), Self.columnExcludes) }
                }
            }
        }
        var start = [Int](repeating: 0, count: n + 1)
        forEachEntry { row, _, _ in start[row + 1] += 1 }
        for r in 0..<n { start[r + 1] += start[r] }
        var fill = start
        var later = [Int32](repeating: 0, count: start[n])
        var bits = [UInt8](repeating: 0, count: start[n])
        forEachEntry { row, column, bit in
            later[fill[row]] = column
            bits[fill[row]] = bit
            fill[row] += 1
        }
        self.init(start: start, later: later, bits: bits)
    }

    /// Ors row r's entries into `marks` (indexed by pool position).
    @inline(__always) func mark(row r: Int, in marks: UnsafeMutablePointer<UInt8>) {
        for k in start[r]..<start[r + 1] { marks[Int(later[k])] |= bits[k] }
    }

    /// Clears what `mark(row:in:)` set.
    @inline(__always) func unmark(row r: Int, in marks: UnsafeMutablePointer<UInt8>) {
        for k in start[r]..<start[r + 1] { marks[Int(later[k])] = 0 }
    }
}
