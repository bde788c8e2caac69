import Lobby
import PlayerModel
import Testing

struct LobbyProblemTests {
    static func hours(_ list: [Int]) -> [UInt64] {
        var mask = WeeklyHourMask()
        for h in list { mask.insert(hour: h) }
        return mask.words
    }

    static func problem(roles: [UInt32], sizes: [ClosedRange<Int>]? = nil, windows: [[Int]]? = nil, missing: [(Int, Int)] = [],
                        required: UInt32 = 0b111) -> LobbyProblem {
        let n = roles.count
        let players = (0..<n).map { i in
            LobbyProblem.Player(key: UInt64(i), minSize: sizes?[i].lowerBound ?? 2, maxSize: sizes?[i].upperBound ?? 5,
                                roleMask: roles[i], availability: hours(windows?[i] ?? [18, 19, 20]))
        }
        var edges: [(a: Int, b: Int, score: UInt64)] = []
        for a in 0..<n {
            for b in (a + 1)..<n where !missing.contains(where: { $0 == (a, b) }) { edges.append((a, b, UInt64(10 * a + b))) }
        }
        return LobbyProblem(players: players, edges: edges, requiredRoles: required, minOverlapHours: 2)
    }

    @Test func sizes() {
        let p = Self.problem(roles: [0, 0, 0, 0], sizes: [2...3, 3...4, 2...5, 2...2])
        #expect(p.defect([0, 2]) == nil)
        #expect(p.defect([0, 1]) == .size)          // 1 needs 3
        #expect(p.defect([0, 1, 2]) == nil)
        #expect(p.defect([0, 1, 2, 3]) == .size)    // 3 allows 2, 0 allows 3
        #expect(p.defect([0]) == .size)
        #expect(p.defect([0, 0]) == .duplicate)
    }

    @Test func pairsAndOverlap() {
        let p = Self.problem(roles: [0, 0, 0], windows: [[18, 19, 20], [19, 20, 21], [20, 21, 22]], missing: [(0, 2)])
        #expect(p.defect([0, 1]) == nil)
        #expect(p.overlapHours([0, 1]) == 2)
        #expect(p.defect([0, 2]) == .incompatible(0, 2))
        #expect(p.defect([1, 2]) == nil)
        #expect(p.leastMisery([0, 1]) == 1)
        let q = Self.problem(roles: [0, 0, 0], windows: [[18, 19, 20], [19, 20, 21], [20, 21, 22]])
        #expect(q.defect([0, 1, 2]) == .overlap)    // only hour 20 in common
    }

    @Test func rolesAreCompleteWithFlexibleMembers() {
        // Required: bits 0, 1, 2. Player 3 asked for no role and fills one.
        let p = Self.problem(roles: [0b001, 0b010, 0b100, 0, 0b001])
        #expect(p.defect([0, 1, 2]) == nil)
        #expect(p.defect([0, 1]) == .roles)
        #expect(p.defect([0, 1, 3]) == nil)
        #expect(p.defect([0, 4, 3]) == .roles)      // bits 1 and 2 missing, one flexible member
        #expect(p.defect([3, 3]) == .duplicate)
        let noRoles = Self.problem(roles: [0, 0])
        #expect(noRoles.defect([0, 1]) == nil)
    }

    @Test func componentsAndSubproblems() {
        let p = Self.problem(roles: [0, 0, 0, 0], missing: [(0, 2), (0, 3), (1, 2), (1, 3)])
        #expect(p.components() == [[0, 1], [2, 3]])
        let sub = p.subproblem([2, 3])
        #expect(sub.count == 2)
        #expect(sub.score(0, 1) == p.score(2, 3))
    }
}
