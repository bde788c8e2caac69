/// The distinct app ids of a dataset's `games` rows (what the `trade` stage checks offered games against).
public enum KnownApps {
    /// Marked in a bitmap when the largest id allows (Steam's app ids are below 2²⁸: at most 32 MiB of bits), which at
    /// 1M players (27 M rows, a few thousand apps) is a fraction of the hash set's time; a hash set otherwise.
    public static func of(_ games: [PlayerGame]) -> Set<UInt32> {
        let largest = games.reduce(UInt32(0)) { max($0, $1.appID) }
        guard largest < 1 << 28 else { return Set(games.map(\.appID)) }
        var bits = [UInt64](repeating: 0, count: Int(largest) / 64 + 1)
        for g in games { bits[Int(g.appID) >> 6] |= 1 << UInt64(g.appID & 63) }
        var apps = Set<UInt32>()
        for (word, value) in bits.enumerated() where value != 0 {
            var rest = value
            while rest != 0 {
                apps.insert(UInt32(word * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return apps
    }
}
