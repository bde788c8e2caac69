import PlayerModel

/// Which partition owns a key: a stable (process- and platform-independent) Fibonacci hash of the 64-bit
/// id, taken modulo a power-of-two partition count. Players, their games, achievements, preferences and
/// group memberships are owned by the player's steamid; a friendship by its smaller steamid; a group by its
/// group id. Every key has exactly one owner, so partitions never hold overlapping rows and their resolved
/// rows concatenate into the whole dataset.
public struct FactPartitioning: Sendable, Hashable, Codable {
    /// A power of two, 1…4096.
    public let count: Int

    public init(count: Int) {
        precondition(count > 0 && count <= 4096 && count & (count - 1) == 0, "partition count must be a power of two")
        self.count = count
    }

    /// Everything in one partition (the plain `DatasetNormalizer`).
    public static let single = FactPartitioning(count: 1)

    public func partition(of id: UInt64) -> Int {
        guard count > 1 else { return 0 }
        return Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - count.trailingZeroBitCount))
    }

    public func partition(of player: SteamID64) -> Int { partition(of: player.rawValue) }
    public func partition(of group: GroupID64) -> Int { partition(of: group.rawValue) }
}
