/// Depth-first walk over the valid lobbies that contain one seed player: the exact solvers' enumeration (seeded at
/// each player with only higher-numbered candidates, so every lobby is seen once) and the bulk heuristic's test
/// whether a free player can be placed at all (seeded at that player with every neighbour, stopping at the first).
///
/// Validity is tracked incrementally (candidates are common neighbours, the window only shrinks, the size bounds
/// only tighten), so a visited set is exactly what `LobbyProblem.defect` accepts without re-checking every pair.
struct LobbyWalk {
    let problem: LobbyProblem

    /// Calls `visit` with every valid lobby made of `seed` and players from `candidates` (each such lobby once,
    /// members in the order added, seed first) and its least-misery score; `visit` returns false to stop.
    /// Returns false when `visit` stopped the walk or it took more than `maxSteps` extensions.
    func walk(seed: Int, candidates: [Int], maxSteps: Int = .max, visit: ([Int], UInt64) -> Bool) -> Bool {
        let p = problem
        let ps = p.players[seed]
        guard ps.availability0.nonzeroBitCount + ps.availability1.nonzeroBitCount + ps.availability2.nonzeroBitCount
                >= p.minOverlapHours else { return true }
        var steps = 0
        var stopped = false
        var set = [seed]
        func extend(_ candidates: [Int], _ a0: UInt64, _ a1: UInt64, _ a2: UInt64, _ lo: Int, _ hi: Int, _ covered: UInt32,
                    _ flex: Int, _ worst: UInt64) {
            if set.count >= 2, set.count >= lo,
               LobbyGrowth.deficit(covered: covered, flex: flex, required: p.requiredRoles) == 0 {
                assert(p.defect(set) == nil, "walked into an invalid lobby")
                if !visit(set, worst) { stopped = true; return }
            }
            guard set.count < hi else { return }
            for (k, c) in candidates.enumerated() {
                let pc = p.players[c]
                let b0 = a0 & pc.availability0, b1 = a1 & pc.availability1, b2 = a2 & pc.availability2
                let newHi = min(hi, pc.maxSize), newLo = max(lo, pc.minSize)
                guard b0.nonzeroBitCount + b1.nonzeroBitCount + b2.nonzeroBitCount >= p.minOverlapHours,
                      newHi > set.count, newLo <= newHi else { continue }
                steps += 1
                if steps > maxSteps { stopped = true; return }
                var w = worst
                for m in set { w = min(w, p.score(m, c)!) }
                let next = candidates[(k + 1)...].filter { p.score($0, c) != nil }
                set.append(c)
                extend(next, b0, b1, b2, newLo, newHi, covered | pc.roleMask, flex + (pc.roleMask == 0 ? 1 : 0), w)
                set.removeLast()
                if stopped { return }
            }
        }
        extend(candidates, ps.availability0, ps.availability1, ps.availability2, ps.minSize, ps.maxSize, ps.roleMask,
               ps.roleMask == 0 ? 1 : 0, .max)
        return !stopped
    }

    /// Whether some valid lobby holds `u` (with any of its neighbours); also true when the walk gives up after
    /// `maxSteps` extensions without deciding, so a "false" is a proof that `u` can never be placed.
    func mayBePlaced(_ u: Int, maxSteps: Int) -> Bool {
        var found = false
        let finished = walk(seed: u, candidates: problem.neighbours(u).map(Int.init), maxSteps: maxSteps) { _, _ in
            found = true
            return false
        }
        return found || !finished
    }
}
