/// One scored candidate in a player's list: the exact integer score, the partner's dense index, and the
/// game dot product behind the score.
public struct PairCandidate: Sendable, Hashable {
    public var score: UInt64
    public var other: Int32
    public var dot: UInt32

    public init(score: UInt64, other: Int32, dot: UInt32) {
        self.score = score
        self.other = other
        self.dot = dot
    }

    /// The list order: score descending, then partner ascending (dense order = steamid order).
    @inline(__always) public func ranksBefore(_ o: PairCandidate) -> Bool {
        score != o.score ? score > o.score : other < o.other
    }
}
