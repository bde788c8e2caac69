/// Every player's candidate list, best first, in one flat buffer (`capacity` slots per player).
public struct PairingLists: Sendable, Hashable {
    public let capacity: Int
    public internal(set) var counts: [Int32]
    public internal(set) var entries: [PairCandidate]

    public init(players: Int, capacity: Int) {
        self.capacity = capacity
        counts = [Int32](repeating: 0, count: players)
        entries = [PairCandidate](repeating: PairCandidate(score: 0, other: -1, dot: 0), count: players * capacity)
    }

    public var players: Int { counts.count }

    public func list(_ u: Int) -> ArraySlice<PairCandidate> {
        entries[(u * capacity)..<(u * capacity + Int(counts[u]))]
    }

    mutating func set(_ u: Int, _ list: [PairCandidate]) {
        precondition(list.count <= capacity)
        for (i, c) in list.enumerated() { entries[u * capacity + i] = c }
        counts[u] = Int32(list.count)
    }

    /// The lists cut to their first `k` entries.
    public func truncated(to k: Int) -> PairingLists {
        var out = PairingLists(players: players, capacity: min(k, capacity))
        for u in 0..<players { out.set(u, Array(list(u).prefix(k))) }
        return out
    }
}
