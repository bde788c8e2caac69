/// Applies the exposure cap: no player appears in more than `cap = ceil(c·k)` other lists.
///
/// Deterministic round-robin: for rank 1…k, players take turns in priority order (players left without any
/// pairing in the previous run first, then everyone else, each group in steamid order); on its turn a player
/// takes the best remaining candidate of its (longer, `candidatesPerPlayer`) list whose appearance count is
/// below the cap. Lists stay sorted by score because candidates are taken in list order.
public enum ExposureAllocator {
    public static func apply(_ lists: PairingLists, k: Int, cap: Int, priority: [Int]) -> PairingLists {
        let n = lists.players
        var appearances = [Int](repeating: 0, count: n)
        var cursor = [Int](repeating: 0, count: n)
        var chosen = [[PairCandidate]](repeating: [], count: n)
        var active = priority
        for _ in 0..<k {
            var stillActive: [Int] = []
            for u in active {
                let list = lists.list(u)
                var i = cursor[u]
                while i < list.count {
                    let c = list[list.startIndex + i]
                    i += 1
                    if appearances[Int(c.other)] < cap {
                        appearances[Int(c.other)] += 1
                        chosen[u].append(c)
                        break
                    }
                }
                cursor[u] = i
                if i < list.count { stillActive.append(u) }
            }
            active = stillActive
            if active.isEmpty { break }
        }
        var out = PairingLists(players: n, capacity: k)
        for u in 0..<n { out.set(u, chosen[u]) }
        return out
    }
}
