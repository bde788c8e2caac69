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
/// 4. Exact neighbourhood search (`searchNeighbourhoods`): small parts around the free players and around each
///    lobby are re-solved by the branch and bound and kept when better.
public struct GreedyLobbySolver: Sendable {
    public var maxRepairRounds: Int
    /// Players per neighbourhood of the exact neighbourhood search (0: off).
    public var neighbourhoodSize: Int
    /// Branch-and-bound nodes per neighbourhood.
    public var neighbourhoodNodes: Int

    public init(maxRepairRounds: Int = 8, neighbourhoodSize: Int = 24, neighbourhoodNodes: Int = 5_000) {
        self.maxRepairRounds = maxRepairRounds
        self.neighbourhoodSize = neighbourhoodSize
        self.neighbourhoodNodes = neighbourhoodNodes
    }

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
        if neighbourhoodSize > 0 { searchNeighbourhoods(problem, order, &lobbies, &lobbyOf) }
        return LobbySolution(lobbies: lobbies.filter { !$0.isEmpty }, in: problem)
    }

    /// Large-neighbourhood search with the exact solver: around each free player (then around each lobby) take up
    /// to `neighbourhoodSize` players by breadth-first search over the compatibility graph, always whole lobbies,
    /// free them, and re-solve that part with the branch and bound from the current arrangement as incumbent.
    /// A part's new arrangement is kept only when it is lexicographically better, so the rounds end.
    func searchNeighbourhoods(_ problem: LobbyProblem, _ order: [Int], _ lobbies: inout [[Int]], _ lobbyOf: inout [Int]) {
        let exact = ExactLobbySolver(maxLobbies: 20_000, maxNodes: neighbourhoodNodes)
        for _ in 0..<4 {
            var changed = false
            let free = order.filter { lobbyOf[$0] < 0 && problem.degree($0) > 0 }
            // Every free player at once first, then around each free player, then around each lobby.
            // Lobby-anchored parts are kept smaller (about three lobbies) so that their search usually completes.
            let anchors: [(players: [Int], size: Int)] = (free.count > 1 ? [(free, neighbourhoodSize)] : [])
                + free.map { ([$0], neighbourhoodSize) }
                + lobbies.indices.filter { !lobbies[$0].isEmpty }.map { ([lobbies[$0][0]], min(12, neighbourhoodSize)) }
            for anchor in anchors {
                let part = neighbourhood(of: anchor.players, size: anchor.size, problem, lobbies, lobbyOf)
                guard part.count >= 2 else { continue }
                let local = Dictionary(uniqueKeysWithValues: part.enumerated().map { ($1, $0) })
                let touched = Set(part.compactMap { lobbyOf[$0] >= 0 ? lobbyOf[$0] : nil }).sorted()
                let sub = problem.subproblem(part)
                let current = LobbySolution(lobbies: touched.map { lobbies[$0].map { local[$0]! } }, in: sub)
                guard let better = exact.improve(sub, incumbent: current) else { continue }
                for l in touched { for m in lobbies[l] { lobbyOf[m] = -1 }; lobbies[l] = [] }
                for lobby in better.mapped(through: part) {
                    for m in lobby { lobbyOf[m] = lobbies.count }
                    lobbies.append(lobby)
                }
                changed = true
            }
            if !changed { break }
        }
    }

    /// Breadth-first from the `anchor` players; a placed player comes with their whole lobby, or not at all when it
    /// does not fit.
    func neighbourhood(of anchor: [Int], size: Int, _ problem: LobbyProblem, _ lobbies: [[Int]], _ lobbyOf: [Int]) -> [Int] {
        var part: [Int] = []
        var inPart = Set<Int>()
        var queue = anchor
        var seen = Set(anchor)
        var head = 0
        while head < queue.count && part.count < size {
            let x = queue[head]
            head += 1
            let group = lobbyOf[x] >= 0 ? lobbies[lobbyOf[x]] : [x]
            guard !inPart.contains(x) else { continue }
            guard part.count + group.count <= size else { continue }
            for m in group where inPart.insert(m).inserted { part.append(m) }
            for m in group {
                for v in problem.neighbours(m) where seen.insert(Int(v)).inserted { queue.append(Int(v)) }
            }
        }
        return part.sorted()
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
