import Dispatch
import PlayerModel
import Synchronization

/// Draws friendships, mostly between players of the same city. A pair is kept when at least one side's
/// friend list is visible (otherwise no document could show it).
enum SyntheticFriendships {
    static func generate(players: [Player], trueCity: [Int16], friendsKnown: [Bool], timeCreated: [Int64],
                         cityCount: Int, config: SyntheticPopulationConfig) -> [Friendship] {
        let count = players.count
        guard count > 1 else { return [] }
        var byCity = Array(repeating: [Int32](), count: cityCount)
        for (index, city) in trueCity.enumerated() where city >= 0 { byCity[Int(city)].append(Int32(index)) }
        let residents = byCity

        let chunkSize = SyntheticPopulation.chunkSize
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let drafts = Mutex<[[UInt64]]>(Array(repeating: [], count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            var pairs: [UInt64] = []
            for index in (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize) {
                var rng = SplitMix(seed: config.seed, index: UInt64(index), stream: 2)
                let draws = rng.geometric(mean: config.meanFriends / 2)
                for _ in 0..<draws {
                    var other: Int
                    let city = Int(trueCity[index])
                    if city >= 0, residents[city].count > 1, rng.chance(config.shareLocalFriends) {
                        other = Int(residents[city][rng.below(residents[city].count)])
                    } else {
                        other = rng.below(count)
                    }
                    if other == index { continue }
                    let (a, b) = index < other ? (index, other) : (other, index)
                    pairs.append(UInt64(a) << 32 | UInt64(b))
                }
            }
            drafts.withLock { $0[chunk] = pairs }
        }
        var pairs = drafts.withLock { $0.flatMap { $0 } }
        pairs.sort()
        var friendships: [Friendship] = []
        friendships.reserveCapacity(pairs.count)
        var previous: UInt64 = .max
        for pair in pairs where pair != previous {
            previous = pair
            let a = Int(pair >> 32), b = Int(pair & 0xFFFF_FFFF)
            guard friendsKnown[a] || friendsKnown[b] else { continue }
            var rng = SplitMix(seed: config.seed, index: pair, stream: 3)
            var since: Int64? = nil
            // About one in eight dates is unknown (`friend_since` 0, very old friendships).
            if !rng.chance(0.125) {
                let start = max(timeCreated[a], timeCreated[b])
                since = start + Int64(rng.below(Int(max(1, config.referenceTime - start))))
            }
            friendships.append(Friendship(players[a].steamID, players[b].steamID, friendSince: since))
        }
        return friendships
    }
}
