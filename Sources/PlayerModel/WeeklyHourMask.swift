/// The hours of a week (Monday 00:00 UTC = bit 0 … Sunday 23:00 UTC = bit 167) in which a player
/// says they play. Stored as three 64-bit words so that overlap is three ANDs and popcounts.
public struct WeeklyHourMask: Sendable, Hashable, Codable {
    public static let hoursPerWeek = 168
    public var words: [UInt64]

    public init() { words = [0, 0, 0] }

    public mutating func insert(hour: Int) {
        let h = ((hour % Self.hoursPerWeek) + Self.hoursPerWeek) % Self.hoursPerWeek
        words[h >> 6] |= 1 << UInt64(h & 63)
    }

    public func contains(hour: Int) -> Bool {
        let h = ((hour % Self.hoursPerWeek) + Self.hoursPerWeek) % Self.hoursPerWeek
        return words[h >> 6] & (1 << UInt64(h & 63)) != 0
    }

    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    public func overlap(with other: WeeklyHourMask) -> Int {
        zip(words, other.words).reduce(0) { $0 + ($1.0 & $1.1).nonzeroBitCount }
    }
}
