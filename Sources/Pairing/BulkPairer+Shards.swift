import PlayerModel

extension BulkPairer {
    /// Why shard lists do not make one whole run.
    public enum ShardUnionError: Error, Hashable, CustomStringConvertible {
        case shardsMissing(found: [Int], expected: Int)
        case unknownPlayer(SteamID64, shard: Int)
        case ownedTwice(SteamID64, shards: [Int])
        case notOwned(SteamID64)
        case notOwnedHere(SteamID64, shard: Int)
        case notInPool(SteamID64, shard: Int)
        case listTooLong(SteamID64, count: Int, capacity: Int)

        public var description: String {
            switch self {
            case .shardsMissing(let found, let expected):
                "shard lists \(found.map(String.init).joined(separator: ",")) are not exactly shards 0…\(expected - 1) once each"
            case .unknownPlayer(let id, let shard): "shard \(shard) names player \(id), who is not in the dataset"
            case .ownedTwice(let id, let shards): "player \(id) is owned by shards \(shards.map(String.init).joined(separator: " and "))"
            case .notOwned(let id): "no shard scored player \(id) (shards made with another plan or dataset?)"
            case .notOwnedHere(let id, let shard): "shard \(shard) lists a geo candidate for player \(id), whom it does not own"
            case .notInPool(let id, let shard): "shard \(shard) lists a pool candidate for player \(id), who is not in the anywhere pool"
            case .listTooLong(let id, let count, let capacity): "player \(id) has \(count) geo candidates, more than the \(capacity) kept"
            }
        }
    }

    /// The whole run from its shards' lists: equal to `pair(p)` on the whole population `p` (same lists, same empty
    /// reasons; the counters are the shards' sums). Every located player with a vector must be owned by exactly one
    /// shard, and the shards must be 0…N−1 once each, all made with the same plan.
    public static func union(_ p: PreparedPopulation, shards: [PairingShardLists]) throws -> BulkPairingResult {
        let expected = shards.first?.shards ?? 0
        let indices = shards.map(\.shard).sorted()
        guard expected > 0, indices == Array(0..<expected), shards.allSatisfy({ $0.shards == expected }) else {
            throw ShardUnionError.shardsMissing(found: indices, expected: max(expected, indices.count))
        }
        let sorted = shards.sorted { $0.shard < $1.shard }
        return try union(p, shardCount: expected) { sorted[$0] }
    }

    /// `union(_:shards:)` with shard `i`'s lists from `load(i)`, called for i = 0…shardCount−1 in turn as each shard is
    /// merged: only one shard's lists need be held at a time (at 1M players the eight shards' lists are 52M rows).
    public static func union(_ p: PreparedPopulation, shardCount expected: Int,
                             load: (Int) throws -> PairingShardLists) throws -> BulkPairingResult {
        guard expected > 0 else { throw ShardUnionError.shardsMissing(found: [], expected: 0) }
        let n = p.count
        let capacity = p.config.candidatesPerPlayer
        let output = ListBuffer(players: n, capacity: capacity)
        let poolMembers = Self.poolMembers(p)
        let pool = RegionIndex(games: p.appIDs.count)
        _ = pool.build(members: poolMembers, population: p)
        var counters = PairingCounters()
        var poolRow = [Int32](repeating: -1, count: n)
        for (r, m) in poolMembers.enumerated() { poolRow[Int(m)] = Int32(r) }
        var owner = [Int32](repeating: -1, count: n)
        var found = [[PairCandidate]](repeating: [], count: poolMembers.count)
        var geo: [PairCandidate] = []
        let ids = SteamIDLookup(sorted: p.steamIDs)
        for i in 0..<expected {
            let lists = try load(i)
            guard lists.shard == i, lists.shards == expected else {
                throw ShardUnionError.shardsMissing(found: [lists.shard], expected: expected)
            }
            counters.add(lists.counters)
            for player in lists.players {
                guard let u = ids.index(of: player.steamID) else { throw ShardUnionError.unknownPlayer(player.steamID, shard: lists.shard) }
                guard owner[u] < 0 else { throw ShardUnionError.ownedTwice(player.steamID, shards: [Int(owner[u]), lists.shard]) }
                owner[u] = Int32(lists.shard)
                output.reasons[u] = player.reason
            }
            var current = -1
            func flush() throws {
                guard current >= 0, !geo.isEmpty else { return }
                guard geo.count <= capacity else {
                    throw ShardUnionError.listTooLong(p.steamIDs[current], count: geo.count, capacity: capacity)
                }
                geo.sort { $0.ranksBefore($1) }
                output.write(current, geo)
                geo.removeAll(keepingCapacity: true)
            }
            var lastOwner: (id: SteamID64, index: Int)?  // a shard's rows come grouped by owner
            for c in lists.candidates {
                let u: Int
                if let lastOwner, lastOwner.id == c.owner {
                    u = lastOwner.index
                } else {
                    guard let found = ids.index(of: c.owner) else { throw ShardUnionError.unknownPlayer(c.owner, shard: lists.shard) }
                    u = found
                    lastOwner = (c.owner, found)
                }
                guard let v = ids.index(of: c.candidate) else { throw ShardUnionError.unknownPlayer(c.candidate, shard: lists.shard) }
                let candidate = PairCandidate(score: c.score, other: Int32(v), dot: c.dot)
                switch c.part {
                case .geo:
                    guard owner[u] == Int32(lists.shard) else { throw ShardUnionError.notOwnedHere(c.owner, shard: lists.shard) }
                    if u != current { try flush(); current = u }
                    geo.append(candidate)
                case .pool:
                    guard poolRow[u] >= 0 else { throw ShardUnionError.notInPool(c.owner, shard: lists.shard) }
                    found[Int(poolRow[u])].append(candidate)
                }
            }
            try flush()
            current = -1
        }
        for u in 0..<n where p.located[u] && p.hasVector(u) && owner[u] < 0 {
            throw ShardUnionError.notOwned(p.steamIDs[u])
        }
        return finish(p, output: output, pool: pool, counters: counters) { found[$0] }
    }
}
