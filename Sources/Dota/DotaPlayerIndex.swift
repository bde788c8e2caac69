import Ingest
import PlayerModel

/// Every public player's appearances as 16-byte records (start, duration, hero, side, result, abandon),
/// grouped by player, players sorted by SteamID64, appearances in match order. Statistics and progress are
/// computed from it one player at a time without touching the match structs, so a streamed table can
/// compute any range of players on its own thread, and nothing per appearance is held but these records.
public struct DotaPlayerIndex: Sendable {
    /// What stats and progress need of one appearance.
    struct Appearance: Sendable {
        /// Unix seconds, `Int64.min` when unknown.
        var start: Int64
        /// Seconds (≤ one week, checked by the decoder), -1 when unknown.
        var duration: Int32
        /// 0 = none.
        var hero: UInt16
        var flags: UInt8

        static let dire: UInt8 = 1, decided: UInt8 = 2, won: UInt8 = 4, abandoned: UInt8 = 8

        init(_ match: DotaMatch, _ player: DotaPlayerFacts) {
            start = match.facts.startTime ?? .min
            duration = match.facts.duration.map { Int32(clamping: $0) } ?? -1
            hero = UInt16(clamping: player.heroID ?? 0)
            var flags: UInt8 = player.isDire ? Self.dire : 0
            if let won = match.won(player) { flags |= Self.decided | (won ? Self.won : 0) }
            if let leaver = player.leaverStatus, leaver >= 2 { flags |= Self.abandoned }
            self.flags = flags
        }

        var isDire: Bool { flags & Self.dire != 0 }
        /// `nil` when the winner is unknown.
        var won: Bool? { flags & Self.decided == 0 ? nil : flags & Self.won != 0 }
    }

    /// Public players, ascending.
    public let steamIDs: [UInt64]
    /// Player `p`'s appearances are `offsets[p] ..< offsets[p + 1]`.
    private let offsets: [Int]
    private let appearances: [Appearance]

    public init(_ matches: [DotaMatch]) {
        var firstSeen: [UInt64: Int32] = [:]
        var ids: [UInt64] = []
        var counts: [Int] = []
        var appearancePlayer: [Int32] = []
        for match in matches {
            for player in match.facts.players {
                guard let id = player.steamIDRawValue else { continue }
                let index: Int32
                if let known = firstSeen[id] {
                    index = known
                } else {
                    index = Int32(ids.count)
                    firstSeen[id] = index
                    ids.append(id)
                    counts.append(0)
                }
                counts[Int(index)] += 1
                appearancePlayer.append(index)
            }
        }
        firstSeen = [:]
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        var rank = [Int](repeating: 0, count: ids.count)
        for (sortedIndex, index) in order.enumerated() { rank[index] = sortedIndex }
        var offsets = [Int](repeating: 0, count: ids.count + 1)
        for (sortedIndex, index) in order.enumerated() { offsets[sortedIndex + 1] = offsets[sortedIndex] + counts[index] }
        var next = Array(offsets.dropLast())
        // Filled in player order through `next`; every slot is written exactly once.
        let appearances = [Appearance](unsafeUninitializedCapacity: appearancePlayer.count) { buffer, initialized in
            var a = 0
            for match in matches {
                for player in match.facts.players where player.steamIDRawValue != nil {
                    let p = rank[Int(appearancePlayer[a])]
                    (buffer.baseAddress! + next[p]).initialize(to: Appearance(match, player))
                    next[p] += 1
                    a += 1
                }
            }
            initialized = a
        }
        steamIDs = order.map { ids[$0] }
        self.offsets = offsets
        self.appearances = appearances
    }

    public var count: Int { steamIDs.count }

    /// The position of `steamID` in `steamIDs`, if they played a recorded match with a public id.
    public func index(of steamID: UInt64) -> Int? {
        var low = 0
        var high = steamIDs.count
        while low < high {
            let mid = (low + high) / 2
            if steamIDs[mid] < steamID { low = mid + 1 } else { high = mid }
        }
        return low < steamIDs.count && steamIDs[low] == steamID ? low : nil
    }

    /// Player `p`'s summary.
    public func stats(of p: Int) -> DotaPlayerStats {
        var result = DotaPlayerStats(steamID: SteamID64(rawValue: steamIDs[p])!, matches: 0, decided: 0, wins: 0, radiantMatches: 0,
                                     durationTotal: 0, durationCount: 0, abandons: 0, heroes: [], firstMatch: nil, lastMatch: nil)
        var heroes: [DotaPlayerStats.HeroRecord] = []
        for a in offsets[p]..<offsets[p + 1] {
            let appearance = appearances[a]
            result.matches += 1
            if !appearance.isDire { result.radiantMatches += 1 }
            let won = appearance.won
            if let won {
                result.decided += 1
                if won { result.wins += 1 }
            }
            if appearance.duration >= 0 {
                result.durationTotal += Int(appearance.duration)
                result.durationCount += 1
            }
            if appearance.flags & Appearance.abandoned != 0 { result.abandons += 1 }
            if appearance.start != .min {
                result.firstMatch = min(result.firstMatch ?? appearance.start, appearance.start)
                result.lastMatch = max(result.lastMatch ?? appearance.start, appearance.start)
            }
            if appearance.hero != 0 {
                let hero = Int(appearance.hero)
                let h = heroes.firstIndex { $0.heroID == hero } ?? {
                    heroes.append(.init(heroID: hero, games: 0, decided: 0, wins: 0))
                    return heroes.count - 1
                }()
                heroes[h].games += 1
                if let won {
                    heroes[h].decided += 1
                    if won { heroes[h].wins += 1 }
                }
            }
        }
        result.heroes = heroes.sorted { ($0.games, $0.wins, -$0.heroID) > ($1.games, $1.wins, -$1.heroID) }
        return result
    }

    /// Player `p`'s weekly rows: the overall series, then one per top-five hero by hero id, weeks in order;
    /// only matches with a known start and winner count. `stats` is `stats(of: p)` when already computed.
    public func progress(of p: Int, stats: DotaPlayerStats? = nil) -> [DotaStatistics.WeekRow] {
        let top = (stats ?? self.stats(of: p)).topHeroes.map(\.heroID)
        let scopes: [Int?] = [nil] + top.sorted().map(Optional.some)
        // (scope position, Monday, won) per counted game, then grouped: a player has tens to thousands.
        var games: [(scope: Int, monday: Int, won: Bool)] = []
        for a in offsets[p]..<offsets[p + 1] {
            let appearance = appearances[a]
            guard appearance.start != .min, let won = appearance.won else { continue }
            let monday = ISOWeek.mondayDay(unixSeconds: appearance.start)
            games.append((0, monday, won))
            if appearance.hero != 0, let s = scopes.firstIndex(of: Int(appearance.hero)) { games.append((s, monday, won)) }
        }
        games.sort { ($0.scope, $0.monday) < ($1.scope, $1.monday) }
        var rows: [DotaStatistics.WeekRow] = []
        var i = 0
        var cumulative = (games: 0, wins: 0, scope: -1)
        while i < games.count {
            var j = i
            var wins = 0
            while j < games.count, games[j].scope == games[i].scope, games[j].monday == games[i].monday {
                if games[j].won { wins += 1 }
                j += 1
            }
            if cumulative.scope != games[i].scope { cumulative = (0, 0, games[i].scope) }
            cumulative.games += j - i
            cumulative.wins += wins
            rows.append(DotaStatistics.WeekRow(steamID: SteamID64(rawValue: steamIDs[p])!, heroID: scopes[games[i].scope],
                                               week: ISOWeek(mondayDay: games[i].monday), games: j - i, wins: wins,
                                               cumulativeGames: cumulative.games, cumulativeWins: cumulative.wins))
            i = j
        }
        return rows
    }
}
