/// The ranks of the documents one partition has seen, numbered in arrival order. Accumulators hold a 4-byte
/// `RankRef` per field instead of a `SourceRank` (a `String` and two numbers), and since a document's rank
/// carries its provenance, a set of refs is also the set of sources (`SourceRefs`).
///
/// Refs are only meaningful with their table. Merging another partition appends its table, so the other's
/// refs move up by the old count (`RankRef.shifted(by:)`); nothing is ever removed while the partition lives.
struct RankTable: Sendable {
    private(set) var ranks: [SourceRank] = []

    var count: Int { ranks.count }

    /// Numbers a document's rank (once per document and partition).
    mutating func append(_ rank: SourceRank) -> RankRef {
        ranks.append(rank)
        return RankRef(UInt32(truncatingIfNeeded: ranks.count - 1))
    }

    /// Appends `other`'s ranks; returns the shift for `other`'s refs.
    mutating func append(contentsOf other: RankTable) -> UInt32 {
        let shift = UInt32(truncatingIfNeeded: ranks.count)
        ranks.append(contentsOf: other.ranks)
        return shift
    }

    subscript(ref: RankRef) -> SourceRank { ranks[Int(ref.index)] }

    /// Whether `candidate` outranks `current` (`SourceRank`'s total order).
    @inline(__always)
    func outranks(_ candidate: RankRef, _ current: RankRef) -> Bool {
        candidate != current && ranks[Int(candidate.index)] > ranks[Int(current.index)]
    }
}

/// A document's number in its partition's `RankTable`.
struct RankRef: Hashable, Sendable {
    var index: UInt32

    init(_ index: UInt32) { self.index = index }

    /// No rank (a field nothing stated yet).
    static let none = RankRef(.max)

    func shifted(by shift: UInt32) -> RankRef { self == .none ? .none : RankRef(index &+ shift) }
}
