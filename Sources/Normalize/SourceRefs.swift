/// The documents (as `RankRef`s into the partition's `RankTable`) that stated a fact; their provenances
/// (`file` or `file:line`) are the fact's `sources`.
///
/// Almost every fact has exactly one source (one bundle line), so the first ref is held inline and nothing
/// is allocated or hashed; more go to a sorted array without repeats. (A `Set<String>` per (player, game)
/// cost an allocation and a string hash per library row, and about 100 heap bytes.)
struct SourceRefs: Sendable, Equatable {
    /// Two or more refs, ascending, no repeats; empty while `single` is used. (Declared first so a following
    /// 4-byte field of an accumulator fits in this struct's tail.)
    private(set) var more: [UInt32] = []
    private var singleRef = RankRef.none

    init() {}

    var isEmpty: Bool { singleRef == .none && more.isEmpty }

    /// The only ref, when there is exactly one.
    var single: RankRef? { singleRef != .none ? singleRef : nil }

    /// The refs, ascending.
    var refs: [RankRef] { singleRef != .none ? [singleRef] : more.map(RankRef.init) }

    mutating func insert(_ ref: RankRef) {
        guard ref != .none else { return }
        if singleRef != .none {
            if singleRef == ref { return }
            more = singleRef.index < ref.index ? [singleRef.index, ref.index] : [ref.index, singleRef.index]
            singleRef = .none
        } else if more.isEmpty {
            singleRef = ref
        } else {
            var low = 0
            var high = more.count
            while low < high {
                let mid = (low + high) / 2
                if more[mid] < ref.index { low = mid + 1 } else { high = mid }
            }
            if low < more.count, more[low] == ref.index { return }
            more.insert(ref.index, at: low)
        }
    }

    /// Adds `other`'s refs, shifted into this table (see `RankTable.append(contentsOf:)`).
    mutating func formUnion(_ other: SourceRefs, shift: UInt32) {
        if other.singleRef != .none { insert(other.singleRef.shifted(by: shift)) } else { for index in other.more { insert(RankRef(index &+ shift)) } }
    }
}
