import Ingest
import PlayerModel

/// Every public player's appearances, as match and slot positions into the merged match list (5 bytes per
/// appearance, grouped by player, players sorted by SteamID64, appearances in match order). Statistics and
/// progress are computed from it one player at a time, so no per-appearance copy of the facts is held and
/// a streamed table can compute any range of players on its own thread.
public struct DotaPlayerIndex: Sendable {
    /// Public players, ascending.
    public let steamIDs: [UInt64]
    /// Player `p`'s appearances are `offsets[p] ..< offsets[p + 1]`.
    private let offsets: [Int]
    private let matchIndices: [UInt32]
    private let playerPositions: [UInt8]

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
        var matchIndices = [UInt32](repeating: 0, count: appearancePlayer.count)
        var playerPositions = [UInt8](repeating: 0, count: appearancePlayer.count)
        var appearance = 0
        for (m, match) in matches.enumerated() {
            for (position, player) in match.facts.players.enumerated() where player.steamIDRawValue != nil {
                let p = rank[Int(appearancePlayer[appearance])]
                matchIndices[next[p]] = UInt32(m)
                playerPositions[next[p]] = UInt8(truncatingIfNeeded: position)
                next[p] += 1
                appearance += 1
            }
        }
        steamIDs = order.map { ids[$0] }
        self.offsets = offsets
        self.matchIndices = matchIndices
        self.playerPositions = playerPositions
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

    /// Calls `body` with each appearance of player `p` (match and player facts), in match order.
    @inline(__always)
    func forEachAppearance(of p: Int, in matches: [DotaMatch], _ body: (DotaMatch, DotaPlayerFacts) -> Void) {
        for a in offsets[p]..<offsets[p + 1] {
            let match = matches[Int(matchIndices[a])]
            body(match, match.facts.players[Int(playerPositions[a])])
        }
    }

    /// Player `p`'s summary.
    public func stats(of p: Int, in matches: [DotaMatch]) -> DotaPlayerStats {
        var result = DotaPlayerStats(steamID: SteamID64(rawValue: steamIDs[p])!, matches: 0, decided: 0, wins: 0, radiantMatches: 0,
                                     durationTotal: 0, durationCount: 0, abandons: 0, heroes: [], firstMatch: nil, lastMatch: nil)
        var heroes: [DotaPlayerStats.HeroRecord] = []
        forEachAppearance(of: p, in: matches) { match, player in
            result.matches += 1
            if !player.isDire { result.radiantMatches += 1 }
            let won = match.won(player)
            if let won {
                result.decided += 1
                if won { result.wins += 1 }
            }
            if let duration = match.facts.duration {
                result.durationTotal += duration
                result.durationCount += 1
            }
            if let leaver = player.leaverStatus, leaver >= 2 { result.abandons += 1 }
            if let start = match.facts.startTime {
                result.firstMatch = min(result.firstMatch ?? start, start)
                result.lastMatch = max(result.lastMatch ?? start, start)
            }
            if let hero = player.heroID {
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
    /// only matches with a known start and winner count.
    public func progress(of p: Int, in matches: [DotaMatch]) -> [DotaStatistics.WeekRow] {
        let top = stats(of: p, in: matches).topHeroes.map(\.heroID)
        let scopes: [Int?] = [nil] + top.sorted().map(Optional.some)
        // (scope position, Monday, won) per counted game, then grouped: a player has tens to thousands.
        var games: [(scope: Int, monday: Int, won: Bool)] = []
        forEachAppearance(of: p, in: matches) { match, player in
            guard let start = match.facts.startTime, let won = match.won(player) else { return }
            let monday = ISOWeek.mondayDay(unixSeconds: start)
            games.append((0, monday, won))
            if let hero = player.heroID, let s = scopes.firstIndex(of: hero) { games.append((s, monday, won)) }
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
