import Testing
@testable import Pairing

/// The exposure cap's round robin equals the rule as written (`reference`: per round, players in priority order
/// take their best remaining candidate still under the cap), on random lists with ties, short and empty lists,
/// caps from 0 to more than anyone can reach, and k below and above the lists' length.
@Suite struct ExposureAllocatorTests {
    static func reference(_ lists: PairingLists, k: Int, cap: Int, priority: [Int]) -> [[PairCandidate]] {
        var appearances = [Int](repeating: 0, count: lists.players)
        var cursor = [Int](repeating: 0, count: lists.players)
        var chosen = [[PairCandidate]](repeating: [], count: lists.players)
        var active = priority
        for _ in 0..<k {
            var still: [Int] = []
            for u in active {
                let list = Array(lists.list(u))
                while cursor[u] < list.count {
                    let c = list[cursor[u]]
                    cursor[u] += 1
                    if appearances[Int(c.other)] < cap {
                        appearances[Int(c.other)] += 1
                        chosen[u].append(c)
                        break
                    }
                }
                if cursor[u] < list.count { still.append(u) }
            }
            active = still
        }
        return chosen
    }

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11 | state << 53
        }
    }

    @Test(arguments: [(1, 0), (3, 1), (5, 2), (8, 3), (4, 1_000_000), (12, 2)])
    func equalsTheRoundRobinRule(k: Int, cap: Int) {
        var rng = Generator(state: UInt64(k * 31 + cap))
        let players = 300, width = 10
        var lists = PairingLists(players: players, capacity: width)
        for u in 0..<players {
            let length = u % 7 == 0 ? 0 : Int.random(in: 1...width, using: &rng)
            var list: [PairCandidate] = (0..<length).map { _ in
                var v = Int.random(in: 0..<players, using: &rng)
                if v == u { v = (v + 1) % players }
                return PairCandidate(score: UInt64.random(in: 1...5, using: &rng), other: Int32(v), dot: 1)
            }
            list.sort { $0.ranksBefore($1) }
            lists.set(u, list)
        }
        var priority = Array(0..<players)
        priority.shuffle(using: &rng)
        let capped = ExposureAllocator.apply(lists, k: k, cap: cap, priority: priority)
        let expected = Self.reference(lists, k: k, cap: cap, priority: priority)
        for u in 0..<players { #expect(Array(capped.list(u)) == expected[u], "player \(u)") }
        #expect(capped.capacity == k)
    }
}
