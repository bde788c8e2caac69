/// The bulk heuristic: grow lobbies around the hardest-to-place players first, then repair, then improve.
///
/// Each connected part of the problem is solved on its own:
/// 1. Seeds in order: carried over first, then fewest compatible players, then key; each still-free seed gets the
///    lobby `LobbyGrowth` builds from free players.
/// 2. Repair rounds until nothing changes: a free player joins an existing lobby when the lobby stays valid (the
///    one with the best resulting least-misery score); otherwise a new lobby is grown around them from free
///    players plus *spare* members (members whose lobby stays valid without them), accepted when every lobby it
///    takes from stays valid. Each accepted step places at least one more player, so the rounds end.
/// 3. Quality (`improveQuality`): member swaps between lobbies, moves to another lobby, and free players taking a
///    member's place, whenever every lobby stays valid, nobody placed (or carried over and placed) is lost, and
///    the sum of least-misery scores rises.
/// 4. A part of at most `exactPartsUpTo` players is then re-solved whole and exactly (`CbcLobbySolver`, the
///    heuristic's lobbies as CBC's start); a larger one (or one with too many valid lobbies) goes to the
///    neighbourhood search (`searchNeighbourhoods`): parts around the free players that can be placed at all and
///    around each lobby are re-solved and kept when better.
public struct GreedyLobbySolver: Sendable {
    public var maxRepairRounds: Int
    /// Players per neighbourhood around free players (0: no neighbourhood search).
    public var neighbourhoodSize: Int
    /// Players per neighbourhood around a lobby (quality only; re-solved by the node-limited branch and bound).
    public var lobbyNeighbourhoodSize: Int
    /// Valid lobbies a neighbourhood may have; a denser one is skipped.
    public var neighbourhoodLobbies: Int
    /// Step 3 (local moves) on or off.
    public var localMoves: Bool
    /// Parts of at most this many players re-solve the neighbourhoods around free players exactly by CBC; larger
    /// parts, where there are many more of them, by the branch and bound limited to `freeNeighbourhoodNodes` nodes
    /// on at most `largePartNeighbourhoodSize` players, which costs far less per neighbourhood.
    public var cbcNeighbourhoodsUpTo: Int = 100
    public var largePartNeighbourhoodSize: Int = 24
    public var freeNeighbourhoodNodes: Int = 20_000
    /// Parts of at most this many players are re-solved whole by CBC after the heuristic (0: never).
    public var exactPartsUpTo: Int
    /// Valid lobbies a part re-solved whole may have; a denser one goes to the neighbourhood search.
    public var exactPartLobbies: Int

    public init(maxRepairRounds: Int = 8, neighbourhoodSize: Int = 32, lobbyNeighbourhoodSize: Int = 12,
                neighbourhoodLobbies: Int = 3_000, localMoves: Bool = true, exactPartsUpTo: Int = 40,
                exactPartLobbies: Int = 20_000) {
        self.maxRepairRounds = maxRepairRounds
        self.neighbourhoodSize = neighbourhoodSize
        self.lobbyNeighbourhoodSize = lobbyNeighbourhoodSize
        self.neighbourhoodLobbies = neighbourhoodLobbies
        self.localMoves = localMoves
        self.exactPartsUpTo = exactPartsUpTo
        self.exactPartLobbies = exactPartLobbies
    }

    public func solve(_ problem: LobbyProblem) -> LobbySolution {
        LobbySolution.byParts(problem) { solveConnected($0) }!
    }

    /// One connected part.
    func solveConnected(_ problem: LobbyProblem) -> LobbySolution {
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
        if localMoves { improveQuality(problem, &lobbies, &lobbyOf) }
        let heuristic = LobbySolution(lobbies: lobbies.filter { !$0.isEmpty }, in: problem)
        if n <= exactPartsUpTo {
            if let exact = CbcLobbySolver(maxLobbies: exactPartLobbies).solveWhole(problem, start: heuristic) {
                return exact.isBetter(than: heuristic) ? exact : heuristic
            }
        }
        guard neighbourhoodSize > 0 else { return heuristic }
        searchNeighbourhoods(problem, order, &lobbies, &lobbyOf)
        return LobbySolution(lobbies: lobbies.filter { !$0.isEmpty }, in: problem)
    }

    /// Large-neighbourhood search: take players by breadth-first search over the compatibility graph around all
    /// free players at once and around each free player, and up to `lobbyNeighbourhoodSize` around each lobby,
    /// always whole lobbies, and re-solve that part. Around free players: in parts of at most
    /// `cbcNeighbourhoodsUpTo` players, up to `neighbourhoodSize` players exactly by CBC (`CbcLobbySolver.improve`:
    /// the current lobbies as its start, and no call when the part's cheap bound cannot beat them); in larger parts
    /// up to `largePartNeighbourhoodSize` by the branch and bound limited to `freeNeighbourhoodNodes` nodes. Around
    /// lobbies: the branch and bound limited to 5,000 nodes. A part's new arrangement is kept only when it is
    /// lexicographically better, so the rounds end (at most 4).
    ///
    /// Free players with no valid lobby in the whole part (`LobbyWalk.mayBePlaced`) anchor nothing: no
    /// rearrangement can place them. A neighbourhood that was re-solved without gain is not re-solved while its
    /// players and their lobbies stay the same (both solvers are deterministic, so the answer would not change).
    /// No solver has a time limit, so the result does not depend on the machine.
    func searchNeighbourhoods(_ problem: LobbyProblem, _ order: [Int], _ lobbies: inout [[Int]], _ lobbyOf: inout [Int]) {
        let walk = LobbyWalk(problem: problem)
        var placeable = [Bool](repeating: false, count: problem.count)
        for u in order where lobbyOf[u] < 0 && problem.degree(u) > 0 { placeable[u] = walk.mayBePlaced(u, maxSteps: 20_000) }
        let exact = CbcLobbySolver(maxLobbies: neighbourhoodLobbies)
        let branchAndBound = ExactLobbySolver(maxLobbies: 20_000, maxNodes: 5_000)
        let freeBranchAndBound = ExactLobbySolver(maxLobbies: 20_000, maxNodes: freeNeighbourhoodNodes)
        let cbc = problem.count <= cbcNeighbourhoodsUpTo
        let freeSize = cbc ? neighbourhoodSize : min(largePartNeighbourhoodSize, neighbourhoodSize)
        var fruitless = Set<[Int]>()
        for _ in 0..<4 {
            var changed = false
            let free = order.filter { lobbyOf[$0] < 0 && placeable[$0] }
            let anchors: [(players: [Int], size: Int, free: Bool)] = (free.count > 1 ? [(free, freeSize, true)] : [])
                + free.map { ([$0], freeSize, true) }
                + (lobbyNeighbourhoodSize > 0 ? lobbies.indices.filter { !lobbies[$0].isEmpty }.map { ([lobbies[$0][0]], lobbyNeighbourhoodSize, false) } : [])
            for anchor in anchors {
                let part = neighbourhood(of: anchor.players, size: anchor.size, problem, lobbies, lobbyOf)
                guard part.count >= 2 else { continue }
                // The part and its lobbies (members with their lobby's first member): what the solvers see.
                let signature = [anchor.free ? 1 : 0] + part + part.map { lobbyOf[$0] >= 0 ? lobbies[lobbyOf[$0]].min()! : -1 }
                guard !fruitless.contains(signature) else { continue }
                var local = [Int: Int]()
                for (i, m) in part.enumerated() { local[m] = i }
                let touched = Set(part.compactMap { lobbyOf[$0] >= 0 ? lobbyOf[$0] : nil }).sorted()
                let sub = problem.subproblem(part)
                let current = LobbySolution(lobbies: touched.map { lobbies[$0].map { local[$0]! } }, in: sub)
                let found = !anchor.free ? branchAndBound.improve(sub, incumbent: current)
                    : cbc ? exact.improve(sub, incumbent: current)
                    : freeBranchAndBound.improve(sub, incumbent: current)
                guard let better = found else { fruitless.insert(signature); continue }
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

    /// Local moves that keep every placed player placed (and every carried-over one) and raise the summed
    /// least-misery score, until none applies (at most 6 passes): a member swaps with a member of another lobby;
    /// a member moves to another lobby; a free player takes a member's place (the member is freed; a carried-over
    /// member only for a carried-over player). Every lobby touched stays valid.
    func improveQuality(_ problem: LobbyProblem, _ lobbies: inout [[Int]], _ lobbyOf: inout [Int]) {
        var worstOf = lobbies.map { problem.leastMisery($0) }
        func apply(_ l: Int, _ members: [Int]) {
            for m in lobbies[l] where lobbyOf[m] == l { lobbyOf[m] = -1 }
            for m in members { lobbyOf[m] = l }
            lobbies[l] = members
            worstOf[l] = problem.leastMisery(members)
        }
        var improved = true
        var passes = 0
        while improved && passes < 6 {
            improved = false
            passes += 1
            for l in lobbies.indices {
                var position = 0
                while position < lobbies[l].count {
                    let m = lobbies[l][position]
                    position += 1
                    var done = false
                    // Lobbies and free players next to m.
                    var others: [Int] = []
                    var free: [Int] = []
                    for v in problem.neighbours(m) {
                        let o = lobbyOf[Int(v)]
                        if o < 0 { free.append(Int(v)) } else if o != l, !others.contains(o) { others.append(o) }
                    }
                    for o in others where !done {
                        let before = worstOf[l] + worstOf[o]
                        // Move m into o.
                        let without = lobbies[l].filter { $0 != m }, with = lobbies[o] + [m]
                        if problem.defect(without) == nil, problem.defect(with) == nil,
                           problem.leastMisery(without) + problem.leastMisery(with) > before {
                            apply(l, without); apply(o, with)
                            done = true
                            break
                        }
                        // Swap m with a member x of o.
                        for x in lobbies[o] {
                            let a = lobbies[l].map { $0 == m ? x : $0 }, b = lobbies[o].map { $0 == x ? m : $0 }
                            guard problem.defect(a) == nil, problem.defect(b) == nil,
                                  problem.leastMisery(a) + problem.leastMisery(b) > before else { continue }
                            apply(l, a); apply(o, b)
                            done = true
                            break
                        }
                    }
                    if !done {
                        // A free player x takes m's place.
                        for x in free where !problem.players[m].carried || problem.players[x].carried {
                            let a = lobbies[l].map { $0 == m ? x : $0 }
                            guard problem.defect(a) == nil, problem.leastMisery(a) > worstOf[l] else { continue }
                            lobbyOf[m] = -1
                            apply(l, a)
                            done = true
                            break
                        }
                    }
                    if done { improved = true; position = 0 }
                }
            }
        }
    }
}
