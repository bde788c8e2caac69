import PlayerModel

/// Renders the Steam documents a synthetic dataset would have been built from: per player a community
/// profile XML, a GetPlayerSummaries, a GetOwnedGames and (when visible) a GetFriendList response, plus
/// the app's `preferences.jsonl` lines. Documents are strings; writing them is the runner's job.
///
/// Values that the canonical dataset does not hold (avatar and icon hashes, per-OS playtime, online state)
/// are derived from a hash of the seed and ids, so the same dataset and seed always give the same bytes.
public struct SyntheticDocumentSet: Sendable {
    public let dataset: PlayerDataset
    public let seed: UInt64
    /// Unix seconds the documents claim to be fetched at.
    public let referenceTime: Int64
    /// `games[gameStart[i]..<gameStart[i+1]]` belong to `players[i]`.
    let gameStart: [Int]
    /// Friends of player i: `friendEntries[friendStart[i]..<friendStart[i+1]]` (player index, friendship index).
    let friendStart: [Int]
    let friendEntries: [(player: Int32, friendship: Int32)]

    public init(dataset: PlayerDataset, seed: UInt64, referenceTime: Int64) {
        self.dataset = dataset
        self.seed = seed
        self.referenceTime = referenceTime
        let players = dataset.players
        func index(of id: SteamID64) -> Int? {
            var low = 0, high = players.count
            while low < high {
                let mid = (low + high) >> 1
                if players[mid].steamID < id { low = mid + 1 } else { high = mid }
            }
            return low < players.count && players[low].steamID == id ? low : nil
        }
        var gameStart = [Int](repeating: 0, count: players.count + 1)
        var g = 0
        for (i, player) in players.enumerated() {
            gameStart[i] = g
            while g < dataset.games.count, dataset.games[g].steamID <= player.steamID { g += 1 }
        }
        gameStart[players.count] = g
        self.gameStart = gameStart

        var counts = [Int](repeating: 0, count: players.count + 1)
        var ends: [(Int, Int)] = []
        ends.reserveCapacity(dataset.friendships.count)
        for friendship in dataset.friendships {
            guard let a = index(of: friendship.a), let b = index(of: friendship.b) else { ends.append((-1, -1)); continue }
            counts[a] += 1
            counts[b] += 1
            ends.append((a, b))
        }
        var start = [Int](repeating: 0, count: players.count + 1)
        for i in 0..<players.count { start[i + 1] = start[i] + counts[i] }
        var fill = start
        var entries = [(player: Int32, friendship: Int32)](repeating: (0, 0), count: start[players.count])
        // Friendships are sorted by (a, b), so each player's friends come out sorted by steamid.
        for pass in 0..<2 {
            for (f, (a, b)) in ends.enumerated() where a >= 0 {
                let (owner, other) = pass == 0 ? (b, a) : (a, b)
                entries[fill[owner]] = (Int32(other), Int32(f))
                fill[owner] += 1
            }
        }
        for i in 0..<players.count {
            entries[start[i]..<start[i + 1]].sort { players[Int($0.player)].steamID < players[Int($1.player)].steamID }
        }
        self.friendStart = start
        self.friendEntries = entries
    }

    /// Generates the population for `config` and wraps it.
    public init(config: SyntheticPopulationConfig) {
        self.init(dataset: SyntheticPopulation.generate(config), seed: config.seed, referenceTime: config.referenceTime)
    }

    public var playerCount: Int { dataset.players.count }

    /// `fetched_at` text of every document (RFC 3339, UTC).
    public var fetchedAt: String { CivilDate(unixSeconds: referenceTime).rfc3339 }

    public func games(ofPlayer index: Int) -> ArraySlice<PlayerGame> {
        dataset.games[gameStart[index]..<gameStart[index + 1]]
    }

    /// The player's friends with the friendship date (`nil` = unknown).
    public func friends(ofPlayer index: Int) -> [(steamID: SteamID64, since: Int64?)] {
        friendEntries[friendStart[index]..<friendStart[index + 1]].map {
            (dataset.players[Int($0.player)].steamID, dataset.friendships[Int($0.friendship)].friendSince)
        }
    }

    // MARK: - Derived, hash-based details

    func hash(_ value: UInt64, _ salt: UInt64) -> UInt64 {
        SplitMix.mix(seed ^ SplitMix.mix(value &+ salt &* 0x9E37_79B9_7F4A_7C15))
    }

    /// 40 lower-case hex digits, like Steam's avatar and icon hashes.
    func hex40(_ value: UInt64, _ salt: UInt64) -> String {
        var out = ""
        var state = hash(value, salt)
        while out.count < 40 {
            let word = String(state, radix: 16)
            out += String(repeating: "0", count: 16 - word.count) + word
            state = SplitMix.mix(state)
        }
        return String(out.prefix(40))
    }

    func avatarHash(_ player: Player) -> String { hex40(player.steamID.rawValue, 1) }
    func iconHash(_ appID: UInt32) -> String { hex40(UInt64(appID), 2) }
    func hasStats(_ appID: UInt32) -> Bool { hash(UInt64(appID), 3) % 3 != 0 }
}
