/// Keeps the value stated by the highest-ranked source; `nil` statements never replace a value.
struct RankedValue<Value: Sendable>: Sendable {
    private(set) var value: Value?
    private var rank: SourceRank?

    mutating func offer(_ candidate: Value?, rank candidateRank: SourceRank) {
        guard let candidate else { return }
        if let rank, rank >= candidateRank { return }
        value = candidate
        rank = candidateRank
    }
}
