/// Keeps the value stated by the highest-ranked source; `nil` statements never replace a value. The rank is
/// a `RankRef` into the partition's `RankTable`.
struct RankedValue<Value: Sendable>: Sendable {
    private(set) var value: Value?
    private(set) var rank = RankRef.none

    init() {}

    /// A value with the rank that stated it (`nil` with `.none` for nothing stated).
    init(value: Value?, rank: RankRef) {
        self.value = value
        self.rank = rank
    }

    @inline(__always)
    mutating func offer(_ candidate: Value?, rank candidateRank: RankRef, in table: RankTable) {
        guard let candidate else { return }
        if rank != .none, !table.outranks(candidateRank, rank) { return }
        value = candidate
        rank = candidateRank
    }

    /// Offers what `other` holds (refs of a table appended at `shift`): the same as offering every statement
    /// `other` saw.
    mutating func merge(_ other: RankedValue<Value>, shift: UInt32, in table: RankTable) {
        guard other.rank != .none else { return }
        offer(other.value, rank: other.rank.shifted(by: shift), in: table)
    }
}
