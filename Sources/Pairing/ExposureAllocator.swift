/// Applies the exposure cap: no player appears in more than `cap = ceil(c·k)` other lists.
///
/// Deterministic round-robin: for rank 1…k, players take turns in priority order (players left without any
/// pairing in the previous run first, then everyone else, each group in steamid order); on its turn a player
/// takes the best remaining candidate of its (longer, `candidatesPerPlayer`) list whose appearance count is
/// below the cap. Lists stay sorted by score because candidates are taken in list order.
public enum ExposureAllocator {
    public static func apply(_ lists: PairingLists, k: Int, cap: Int, priority: [Int]) -> PairingLists {
        let n = lists.players, width = lists.capacity
        var out = PairingLists(players: n, capacity: k)
        guard k > 0 else { return out }
        // Flat buffers throughout: a list slice and a growing array per player cost more than the choosing.
        var appearances = [Int32](repeating: 0, count: n)
        var cursor = [Int32](repeating: 0, count: n)
        var active = priority, stillActive: [Int] = []
        stillActive.reserveCapacity(active.count)
        lists.entries.withUnsafeBufferPointer { entries in
            lists.counts.withUnsafeBufferPointer { counts in
                out.entries.withUnsafeMutableBufferPointer { chosen in
                    out.counts.withUnsafeMutableBufferPointer { chosenCount in
                        for _ in 0..<k {
                            stillActive.removeAll(keepingCapacity: true)
                            for u in active {
                                let count = Int(counts[u])
                                var i = Int(cursor[u])
                                while i < count {
                                    let c = entries[u * width + i]
                                    i += 1
                                    let other = Int(c.other)
                                    if Int(appearances[other]) < cap && Int(chosenCount[u]) < k {
                                        appearances[other] += 1
                                        chosen[u * k + Int(chosenCount[u])] = c
                                        chosenCount[u] += 1
                                        break
                                    }
                                }
                                cursor[u] = Int32(i)
                                if i < count { stillActive.append(u) }
                            }
                            swap(&active, &stillActive)
                            if active.isEmpty { break }
                        }
                    }
                }
            }
        }
        return out
    }
}
