import PlayerModel

/// Pairs that must not be proposed. `pairKeys` are excluded both ways (friends, rejects, blocks, matches);
/// `directed` only from the first player's list (they already accepted the second and await the answer).
public struct PairExclusions: Sendable {
    public var pairKeys: [PairKey]
    public var directed: [(from: SteamID64, to: SteamID64)]

    public init(pairs: [(SteamID64, SteamID64)] = [], directed: [(from: SteamID64, to: SteamID64)] = []) {
        self.pairKeys = pairs.map { PairKey($0.0, $0.1) }
        self.directed = directed
    }

    public mutating func exclude(_ a: SteamID64, _ b: SteamID64) { pairKeys.append(PairKey(a, b)) }
    public mutating func excludeDirected(from a: SteamID64, to b: SteamID64) { directed.append((a, b)) }
}
