import PlayerModel

/// An unordered pair of players, stored with `a < b`.
public struct PairKey: Sendable, Hashable, Comparable {
    public let a: SteamID64
    public let b: SteamID64

    public init(_ x: SteamID64, _ y: SteamID64) {
        a = min(x, y)
        b = max(x, y)
    }

    public static func < (lhs: PairKey, rhs: PairKey) -> Bool { (lhs.a, lhs.b) < (rhs.a, rhs.b) }
}
