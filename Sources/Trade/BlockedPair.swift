import PlayerModel

/// Two players of whom at least one blocked the other (`decisions.jsonl` `block`): they never trade,
/// in either direction. Stored with the smaller id first so `BlockedPair(a, b) == BlockedPair(b, a)`.
public struct BlockedPair: Sendable, Hashable {
    public let low: SteamID64
    public let high: SteamID64

    public init(_ a: SteamID64, _ b: SteamID64) {
        low = min(a, b)
        high = max(a, b)
    }
}
