/// Keeps the value stated by the highest-ranked source; `nil` statements never replace a value.
struct RankedValue<Value: Sendable & Codable>: Sendable, Codable {
    private(set) var value: Value?
    private var rank: SourceRank?

    mutating func offer(_ candidate: Value?, rank candidateRank: SourceRank) {
        guard let candidate else { return }
        if let rank, rank >= candidateRank { return }
        value = candidate
        rank = candidateRank
    }

    /// Offers what `other` holds, with its rank: the same as offering every statement `other` saw.
    mutating func merge(_ other: RankedValue<Value>) {
        guard let otherRank = other.rank else { return }
        offer(other.value, rank: otherRank)
    }
}
