/// A mutual accept: the pair and when the second accept arrived (Unix seconds).
public struct MatchRecord: Sendable, Hashable, Comparable {
    public var pair: PairKey
    public var matchedAt: Int64

    public init(pair: PairKey, matchedAt: Int64) {
        self.pair = pair
        self.matchedAt = matchedAt
    }

    public static func < (lhs: MatchRecord, rhs: MatchRecord) -> Bool { lhs.pair < rhs.pair }
}
