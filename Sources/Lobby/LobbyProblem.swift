/// One set of players who may be grouped together (the requests for one game and group, or a connected part of
/// them), with the pairs that pass the hard filters and the rules a lobby must satisfy. Both solvers and the
/// tests decide validity through `defect(_:)`, so they agree on what a valid lobby is.
///
/// A lobby `L` is valid when: `max(min_size) ≤ |L| ≤ min(max_size)` over its members; every pair of members is
/// an edge; the members' UTC availability masks AND to at least `minOverlapHours` hours; and, when any member
/// asked for roles, the roles are complete: the required bits that no member's mask covers number at most the
/// members who asked for no role (a player without roles fills any one role).
public struct LobbyProblem: Sendable {
    public struct Player: Sendable, Hashable {
        /// Total tie-break key (the steamid).
        public var key: UInt64
        public var minSize: Int
        public var maxSize: Int
        /// 0 = no role asked (fills any one role).
        public var roleMask: UInt32
        public var availability0: UInt64, availability1: UInt64, availability2: UInt64
        /// Left out by the previous run: placed first.
        public var carried: Bool

        public init(key: UInt64, minSize: Int, maxSize: Int, roleMask: UInt32 = 0, availability: [UInt64], carried: Bool = false) {
            self.key = key
            self.minSize = minSize
            self.maxSize = maxSize
            self.roleMask = roleMask
            availability0 = availability[0]; availability1 = availability[1]; availability2 = availability[2]
            self.carried = carried
        }
    }

    /// Why a set of players is not a valid lobby.
    public enum Defect: Sendable, Hashable {
        case size, duplicate, incompatible(Int, Int), overlap, roles
    }

    public let players: [Player]
    public let requiredRoles: UInt32
    public let minOverlapHours: Int
    /// CSR adjacency: `neighbour[start[u]..<start[u+1]]` ascending, `edgeScore` alongside.
    let start: [Int]
    let neighbour: [Int32]
    let edgeScore: [UInt64]

    public var count: Int { players.count }

    /// `edges` are pairs of positions in `players` (either order, no duplicates) with their pairing score.
    public init(players: [Player], edges: [(a: Int, b: Int, score: UInt64)], requiredRoles: UInt32, minOverlapHours: Int) {
        self.players = players
        self.requiredRoles = requiredRoles
        self.minOverlapHours = minOverlapHours
        var start = [Int](repeating: 0, count: players.count + 1)
        for e in edges { start[e.a + 1] += 1; start[e.b + 1] += 1 }
        for i in 0..<players.count { start[i + 1] += start[i] }
        var cursor = start
        var pairs = [(Int32, UInt64)](repeating: (0, 0), count: start[players.count])
        for e in edges {
            pairs[cursor[e.a]] = (Int32(e.b), e.score); cursor[e.a] += 1
            pairs[cursor[e.b]] = (Int32(e.a), e.score); cursor[e.b] += 1
        }
        for u in 0..<players.count { pairs[start[u]..<start[u + 1]].sort { $0.0 < $1.0 } }
        self.start = start
        neighbour = pairs.map(\.0)
        edgeScore = pairs.map(\.1)
    }

    public func neighbours(_ u: Int) -> ArraySlice<Int32> { neighbour[start[u]..<start[u + 1]] }
    public func degree(_ u: Int) -> Int { start[u + 1] - start[u] }

    /// The pair's score, or nil when the two may not share a lobby.
    public func score(_ u: Int, _ v: Int) -> UInt64? {
        var lo = start[u], hi = start[u + 1]
        let target = Int32(v)
        while lo < hi {
            let mid = (lo + hi) >> 1
            if neighbour[mid] == target { return edgeScore[mid] }
            if neighbour[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    /// Hours in the common window of `members`.
    public func overlapHours(_ members: [Int]) -> Int {
        var a = UInt64.max, b = UInt64.max, c = UInt64.max
        for m in members { a &= players[m].availability0; b &= players[m].availability1; c &= players[m].availability2 }
        return members.isEmpty ? 0 : a.nonzeroBitCount + b.nonzeroBitCount + c.nonzeroBitCount
    }

    /// Whether the members' roles are complete (see the type's comment).
    public func rolesComplete(_ members: [Int]) -> Bool {
        var covered: UInt32 = 0
        var flex = 0
        for m in members {
            let mask = players[m].roleMask
            if mask == 0 { flex += 1 } else { covered |= mask }
        }
        guard covered != 0 else { return true }
        return (requiredRoles & ~covered).nonzeroBitCount <= flex
    }

    /// nil when `members` is a valid lobby.
    public func defect(_ members: [Int]) -> Defect? {
        guard Set(members).count == members.count else { return .duplicate }
        let lo = members.map { players[$0].minSize }.max() ?? 1, hi = members.map { players[$0].maxSize }.min() ?? 0
        guard members.count >= 2, lo <= members.count, members.count <= hi else { return .size }
        for i in members.indices {
            for j in (i + 1)..<members.count where score(members[i], members[j]) == nil {
                return .incompatible(members[i], members[j])
            }
        }
        guard overlapHours(members) >= minOverlapHours else { return .overlap }
        guard rolesComplete(members) else { return .roles }
        return nil
    }

    /// The weakest pairwise score inside the lobby (its least-misery quality); members must be pairwise compatible.
    public func leastMisery(_ members: [Int]) -> UInt64 {
        var worst = UInt64.max
        for i in members.indices {
            for j in (i + 1)..<members.count { worst = min(worst, score(members[i], members[j]) ?? 0) }
        }
        return worst == .max ? 0 : worst
    }

    /// Connected parts of the compatibility graph (each ascending, ordered by their first player).
    public func components() -> [[Int]] {
        var seen = [Bool](repeating: false, count: count)
        var parts: [[Int]] = []
        for s in 0..<count where !seen[s] {
            var part = [s]
            seen[s] = true
            var i = 0
            while i < part.count {
                for v in neighbours(part[i]) where !seen[Int(v)] { seen[Int(v)] = true; part.append(Int(v)) }
                i += 1
            }
            parts.append(part.sorted())
        }
        return parts
    }

    /// The problem restricted to `members` (positions in the result follow `members`).
    public func subproblem(_ members: [Int]) -> LobbyProblem {
        var local = [Int: Int]()
        for (i, m) in members.enumerated() { local[m] = i }
        var edges: [(a: Int, b: Int, score: UInt64)] = []
        for (i, m) in members.enumerated() {
            for (k, v) in neighbours(m).enumerated() {
                if let j = local[Int(v)], i < j { edges.append((i, j, edgeScore[start[m] + k])) }
            }
        }
        return LobbyProblem(players: members.map { players[$0] }, edges: edges, requiredRoles: requiredRoles,
                            minOverlapHours: minOverlapHours)
    }
}
