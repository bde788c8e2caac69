import PlayerModel

/// What one shard of a sharded pairing run found (`BulkPairer.pairShard`), in steamids, so it can be written,
/// moved between machines and merged with the other shards' (`BulkPairer.union`).
public struct PairingShardLists: Sendable, Hashable {
    public enum Part: String, Sendable, Hashable, CaseIterable {
        /// The owner's list from its home cell's region (for a pool member queried member by member, merged with
        /// its pool list already).
        case geo
        /// Pairs of two `anywhere` players met in this shard's pool rows (the owner may be any pool member).
        case pool
    }

    public struct Candidate: Sendable, Hashable {
        public var owner: SteamID64
        public var part: Part
        public var candidate: SteamID64
        public var score: UInt64
        public var dot: UInt32

        public init(owner: SteamID64, part: Part, candidate: SteamID64, score: UInt64, dot: UInt32) {
            self.owner = owner
            self.part = part
            self.candidate = candidate
            self.score = score
            self.dot = dot
        }

        /// File order: owner, part, then the list order (score descending, candidate ascending).
        func ranksBefore(_ o: Candidate) -> Bool {
            if owner != o.owner { return owner < o.owner }
            if part != o.part { return part == .geo }
            return score != o.score ? score > o.score : candidate < o.candidate
        }
    }

    /// A player whose geo list this shard wrote; `reason` when that list is empty.
    public struct OwnedPlayer: Sendable, Hashable {
        public var steamID: SteamID64
        public var reason: UnpairedReason?

        public init(steamID: SteamID64, reason: UnpairedReason?) {
            self.steamID = steamID
            self.reason = reason
        }
    }

    public var shard: Int
    public var shards: Int
    /// Ascending by steamid.
    public var players: [OwnedPlayer] = []
    /// In file order (`Candidate.ranksBefore`).
    public var candidates: [Candidate] = []
    /// The shard's work counters (they depend on the split, unlike the lists).
    public var counters: PairingCounters

    public init(shard: Int, shards: Int, players: [OwnedPlayer] = [], candidates: [Candidate] = [],
                counters: PairingCounters = PairingCounters()) {
        self.shard = shard
        self.shards = shards
        self.players = players
        self.candidates = candidates
        self.counters = counters
    }
}
