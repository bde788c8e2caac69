/// Grows one lobby around a seed, one member at a time, and keeps the longest prefix that is a valid lobby.
///
/// Each step adds the candidate (compatible with every member so far, keeping the common window at
/// `minOverlapHours` or more and the size within every member's maximum) that ranks first by: largest cut in the
/// role deficit, carried over, highest resulting least-misery score, fewest compatible players (harder to place
/// later), smallest key. The candidates are the seed's neighbours for which `admits` holds.
struct LobbyGrowth {
    let problem: LobbyProblem

    /// Roles still missing after the flexible members each fill one (0 when nobody in the set asked for roles).
    static func deficit(covered: UInt32, flex: Int, required: UInt32) -> Int {
        covered == 0 ? 0 : max(0, (required & ~covered).nonzeroBitCount - flex)
    }

    func grow(seed: Int, admits: (Int) -> Bool) -> [Int]? {
        let p = problem
        var members = [seed]
        var and0 = p.players[seed].availability0, and1 = p.players[seed].availability1, and2 = p.players[seed].availability2
        var covered = p.players[seed].roleMask
        var flex = covered == 0 ? 1 : 0
        var lo = p.players[seed].minSize, hi = p.players[seed].maxSize
        var worst = UInt64.max
        var candidates = p.neighbours(seed).map(Int.init).filter(admits)
        var best: Int? = nil
        while members.count < hi, !candidates.isEmpty {
            let deficitNow = Self.deficit(covered: covered, flex: flex, required: p.requiredRoles)
            var pick = -1
            var pickKey: (Int, Int, Int, UInt64, UInt64) = (0, 0, 0, 0, 0)
            var pickWorst = UInt64.max
            for c in candidates {
                let pc = p.players[c]
                guard pc.maxSize > members.count, max(lo, pc.minSize) <= min(hi, pc.maxSize) else { continue }
                let hours = (and0 & pc.availability0).nonzeroBitCount + (and1 & pc.availability1).nonzeroBitCount
                    + (and2 & pc.availability2).nonzeroBitCount
                guard hours >= p.minOverlapHours else { continue }
                var w = worst
                for m in members { w = min(w, p.score(m, c) ?? 0) }
                let d = Self.deficit(covered: covered | pc.roleMask, flex: flex + (pc.roleMask == 0 ? 1 : 0), required: p.requiredRoles)
                // Larger is better in every slot (degree and key negated through bit inversion).
                let key = (deficitNow - d, pc.carried ? 1 : 0, -p.degree(c), w, ~pc.key)
                if pick < 0 || key > pickKey { pick = c; pickKey = key; pickWorst = w }
            }
            guard pick >= 0 else { break }
            let pc = p.players[pick]
            members.append(pick)
            and0 &= pc.availability0; and1 &= pc.availability1; and2 &= pc.availability2
            covered |= pc.roleMask
            if pc.roleMask == 0 { flex += 1 }
            lo = max(lo, pc.minSize); hi = min(hi, pc.maxSize)
            worst = pickWorst
            candidates = candidates.filter { $0 != pick && p.score($0, pick) != nil }
            if members.count >= lo, Self.deficit(covered: covered, flex: flex, required: p.requiredRoles) == 0 {
                best = members.count
            }
        }
        // A prefix is valid when its own bounds hold: re-check each recorded length from the longest down.
        var length = best ?? 0
        while length >= 2 {
            let prefix = Array(members.prefix(length))
            if p.defect(prefix) == nil { return prefix }
            length -= 1
        }
        return nil
    }
}
