import PlayerModel

/// One pair of players who may play together in a group, with their pairing score.
public struct GroupPairEdge: Sendable, Hashable {
    /// Positions in the `among` list given to `groupEdges`, `a < b`.
    public var a: Int32
    public var b: Int32
    /// The pairing score s(a,b) in `ScoreModel` units (0 when they share no game vector entry).
    public var score: UInt64
    /// Centre distance in km; nil when either has no location (two `anywhere` players).
    public var distanceKm: Double?
}

/// The pairing hard filters as a group stage (lobbies) needs them, decided by the same code as pairing
/// (`PairRules`, `PlayerSide`): geography (both caps including accuracy, the `anywhere` rules), the population's
/// exclusions both ways (build it with rejects and blocks only), and `require_shared_language` and
/// `min_shared_games` when configured. Being friends or matched is not a filter here (pairing leaves such pairs
/// out only because they already know each other), and neither is a zero game similarity: a lobby request
/// already names the game.
extension PreparedPopulation {
    /// Dense index of a player, or nil when the population does not hold them.
    public func denseIndex(of id: SteamID64) -> Int? {
        var lo = 0, hi = steamIDs.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if steamIDs[mid] == id { return mid }
            if steamIDs[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// The player's weekly availability in UTC (nil when not stated).
    public func availabilityMask(_ u: Int) -> WeeklyHourMask? { availability[u] }

    /// Whether the pair passes the group filters (see the type's comment); the score and distance when it does.
    public func groupVerdict(_ u: Int, _ v: Int) -> (score: UInt64, distanceKm: Double?)? {
        groupVerdict(u, v, side(u), side(v))
    }

    @inline(__always) func groupVerdict(_ u: Int, _ v: Int, _ su: PlayerSide, _ sv: PlayerSide) -> (score: UInt64, distanceKm: Double?)? {
        guard u != v else { return nil }
        let geo = PlayerSide.geoAdmits(su, sv)
        guard geo.admitted, !isExcluded(u, from: v), !isExcluded(v, from: u), passesPartitionAndOverlap(u, v) else { return nil }
        let d = dot(u, v)
        let score = ScoreModel.score(dot: d, fitUV: fit(u, v, su, sv, distanceKm: geo.distanceKm),
                                     fitVU: fit(v, u, sv, su, distanceKm: geo.distanceKm))
        return (score, geo.distanceKm)
    }

    /// Every pair of `among` (dense indices, any order) that passes the group filters, sorted by (a, b).
    /// Sides are packed once and geography is tested first (one dot product), so this is a quick quadratic scan.
    public func groupEdges(among players: [Int]) -> [GroupPairEdge] {
        let packed = players.map(side)
        var edges: [GroupPairEdge] = []
        for i in 0..<players.count {
            let si = packed[i]
            for j in (i + 1)..<players.count {
                guard let verdict = groupVerdict(players[i], players[j], si, packed[j]) else { continue }
                edges.append(GroupPairEdge(a: Int32(i), b: Int32(j), score: verdict.score, distanceKm: verdict.distanceKm))
            }
        }
        return edges
    }
}
