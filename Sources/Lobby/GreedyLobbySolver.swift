/// The bulk heuristic: grow lobbies around the hardest-to-place players first, then repair.
///
/// 1. Seeds in order: carried over first, then fewest compatible players, then key; each still-free seed gets the
///    lobby `LobbyGrowth` builds from free players.
/// 2. Repair rounds until nothing changes: a free player joins an existing lobby when the lobby stays valid (the
///    one with the best resulting least-misery score); otherwise a new lobby is grown around them from free
///    players plus *spare* members (members whose lobby stays valid without them), accepted when every lobby it
///    takes from stays valid. Each accepted step places at least one more player, so the rounds end.
/// 3. Quality: a member of one lobby swaps with a member of another when both lobbies stay valid and the sum of
///    their least-misery scores rises (the placed players do not change).
public struct GreedyLobbySolver: Sendable {
    public var maxRepairRounds: Int

    public init(maxRepairRounds: Int = 8) { self.maxRepairRounds = maxRepairRounds }

    public func solve(_ problem: LobbyProblem) -> LobbySolution {
        let n = problem.count
        let growth = LobbyGrowth(problem: problem)
        var lobbyOf = [Int](repeating: -1, count: n)
        var lobbies: [[Int]] = []
        let order = (0..<n).sorted {
            let a = problem.players[$0], b = problem.players[$1]
            if a.carried != b.carried { return a.carried }
            let da = problem.degree($0), db = problem.degree($1)
            return da != db ? da < db : a.key < b.key
        }
        func add(_ members: [Int]) {
            for m in members { lobbyOf[m] = lobbies.count }
            lobbies.append(members)
        }
        for seed in order where lobbyOf[seed] < 0 && problem.degree(seed) > 0 {
            if let members = growth.grow(seed: seed, admits: { lobbyOf[$0] < 0 }) { add(members) }
        }

        var round = 0
        var changed = true
        while changed && round < maxRepairRounds {
            changed = false
            round += 1
            for u in order where lobbyOf[u] < 0 && problem.degree(u) > 0 {
                // Join an existing lobby.
                var bestLobby = -1
                var bestWorst: UInt64 = 0
                var tried = Set<Int>()
                for v in problem.neighbours(u) {
                    let l = lobbyOf[Int(v)]
                    guard l >= 0, tried.insert(l).inserted else { continue }
                    let joined = lobbies[l] + [u]
                    guard problem.defect(joined) == nil else { continue }
                    let w = problem.leastMisery(joined)
                    if bestLobby < 0 || w > bestWorst { bestLobby = l; bestWorst = w }
                }
                if bestLobby >= 0 {
                    lobbies[bestLobby].append(u)
                    lobbyOf[u] = bestLobby
                    changed = true
                    continue
                }
                // Grow a new lobby from free players and spare members.
                func spare(_ m: Int) -> Bool {
                    let l = lobbyOf[m]
                    return l < 0 || problem.defect(lobbies[l].filter { $0 != m }) == nil
                }
                guard let members = growth.grow(seed: u, admits: spare) else { continue }
                var remaining: [Int: [Int]] = [:]
                for m in members where lobbyOf[m] >= 0 {
                    let l = lobbyOf[m]
                    remaining[l] = (remaining[l] ?? lobbies[l]).filter { $0 != m }
                }
                guard remaining.values.allSatisfy({ problem.defect($0) == nil }) else { continue }
                for (l, rest) in remaining { lobbies[l] = rest }
                add(members)
                changed = true
            }
        }
        improveQuality(problem, &lobbies, &lobbyOf)
        return LobbySolution(lobbies: lobbies.filter { !$0.isEmpty }, in: problem)
    }

    /// Pairwise member swaps between lobbies (and with free players) that raise the summed least-misery score.
    func improveQuality(_ problem: LobbyProblem, _ lobbies: inout [[Int]], _ lobbyOf: inout [Int]) {
        var improved = true
        var passes = 0
        while improved && passes < 4 {
            improved = false
            passes += 1
            for l in lobbies.indices {
                for (position, m) in lobbies[l].enumerated() {
                    let before = problem.leastMisery(lobbies[l])
                    for v in problem.neighbours(m) {
                        let other = lobbyOf[Int(v)]
                        guard other != l else { continue }
                        // Try every member x of the other lobby (or a free x) in m's place.
                        let pool: [Int] = other >= 0 ? lobbies[other] : []
                        for x in pool {
                            var a = lobbies[l]; a[position] = x
                            var b = lobbies[other]; b[b.firstIndex(of: x)!] = m
                            guard problem.defect(a) == nil, problem.defect(b) == nil else { continue }
                            let gain = problem.leastMisery(a) + problem.leastMisery(b)
                            guard gain > before + problem.leastMisery(lobbies[other]) else { continue }
                            lobbies[l] = a; lobbies[other] = b
                            lobbyOf[x] = l; lobbyOf[m] = other
                            improved = true
                            break
                        }
                        if lobbies[l][position] != m { break }
                    }
                }
            }
        }
    }
}
