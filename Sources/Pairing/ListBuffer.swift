/// The per-player result slots, written by disjoint players from several threads.
final class ListBuffer: @unchecked Sendable {
    let capacity: Int
    let players: Int
    let counts: UnsafeMutablePointer<Int32>
    let entries: UnsafeMutablePointer<PairCandidate>
    let reasons: UnsafeMutablePointer<UnpairedReason?>

    init(players: Int, capacity: Int) {
        self.players = players
        self.capacity = capacity
        counts = .allocate(capacity: max(1, players))
        counts.initialize(repeating: 0, count: max(1, players))
        entries = .allocate(capacity: max(1, players * capacity))
        entries.initialize(repeating: PairCandidate(score: 0, other: -1, dot: 0), count: max(1, players * capacity))
        reasons = .allocate(capacity: max(1, players))
        reasons.initialize(repeating: nil, count: max(1, players))
    }

    deinit {
        counts.deallocate()
        entries.deallocate()
        reasons.deallocate()
    }

    func write(_ u: Int, _ list: [PairCandidate]) {
        for (i, c) in list.enumerated() { entries[u * capacity + i] = c }
        counts[u] = Int32(list.count)
    }

    func lists() -> PairingLists {
        var out = PairingLists(players: players, capacity: capacity)
        out.counts = Array(UnsafeBufferPointer(start: counts, count: players))
        out.entries = Array(UnsafeBufferPointer(start: entries, count: players * capacity))
        return out
    }
}
