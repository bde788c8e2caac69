/// The O(N²) oracle: every ordered pair through the same filters and score as `BulkPairer`, with the dot
/// product computed by merging sorted vectors instead of an index.
public enum BruteForcePairer {
    public static func pair(_ p: PreparedPopulation) -> PairingLists {
        let capacity = p.config.candidatesPerPlayer
        var lists = PairingLists(players: p.count, capacity: capacity)
        var heap = TopKHeap(capacity: capacity)
        let sides = p.sides()
        for u in 0..<p.count where p.hasVector(u) {
            heap.removeAll()
            for v in 0..<p.count where v != u && p.hasVector(v) {
                let (admitted, distance) = PlayerSide.geoAdmits(sides[u], sides[v])
                guard admitted else { continue }
                if let c = p.evaluate(u, v, sides[u], sides[v], dot: p.dot(u, v), distanceKm: distance) { heap.push(c) }
            }
            lists.set(u, heap.sorted())
        }
        return lists
    }

    /// Why each player's list is empty, decided pair by pair (nil for a player with a list): the oracle for
    /// `BulkPairingResult.emptyReasons`.
    public static func emptyReasons(_ p: PreparedPopulation, lists: PairingLists) -> [UnpairedReason?] {
        let sides = p.sides()
        return (0..<p.count).map { u -> UnpairedReason? in
            guard lists.list(u).isEmpty else { return nil }
            guard p.hasVector(u) else { return .noGames }
            guard p.located[u] || p.anywhere[u] else { return .noLocation }
            var inRange = false
            for v in 0..<p.count where v != u && p.hasVector(v) && PlayerSide.geoAdmits(sides[u], sides[v]).admitted {
                if p.dot(u, v) > 0 { return .allExcluded }
                inRange = true
            }
            return inRange ? .noSharedGames : .noOneInRange
        }
    }
}
