/// The O(N²) oracle: every ordered pair through the same filters and score as `BulkPairer`, with the dot
/// product computed by merging sorted vectors instead of an index.
public enum BruteForcePairer {
    public static func pair(_ p: PreparedPopulation) -> PairingLists {
        let capacity = p.config.candidatesPerPlayer
        var lists = PairingLists(players: p.count, capacity: capacity)
        var heap = TopKHeap(capacity: capacity)
        for u in 0..<p.count where p.hasVector(u) {
            heap.removeAll()
            for v in 0..<p.count where v != u && p.hasVector(v) {
                let (admitted, distance) = p.geoAdmits(u, v)
                guard admitted else { continue }
                if let c = p.evaluate(u, v, dot: p.dot(u, v), distanceKm: distance) { heap.push(c) }
            }
            lists.set(u, heap.sorted())
        }
        return lists
    }
}
