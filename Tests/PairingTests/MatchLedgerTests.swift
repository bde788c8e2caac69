import PlayerModel
import Testing
@testable import Pairing

@Suite struct MatchLedgerTests {
    static let a = SteamID64(accountID: 1)!, b = SteamID64(accountID: 2)!, c = SteamID64(accountID: 3)!

    static func d(_ from: SteamID64, _ to: SteamID64, _ kind: Decision.Kind, _ at: Int64) -> Decision {
        Decision(from: from, to: to, kind: kind, at: at)
    }

    @Test func oneAcceptIsPendingTwoAcceptsMatchAtTheLaterAccept() {
        let one = MatchLedger(decisions: [Self.d(Self.a, Self.b, .accept, 100)], previousMatches: [])
        #expect(one.matches.isEmpty)
        #expect(one.pendingDirected.map { [$0.from, $0.to] } == [[Self.a, Self.b]])
        let ex = one.exclusions(friendships: [])
        #expect(ex.pairKeys.isEmpty && ex.directed.count == 1)

        let two = MatchLedger(decisions: [Self.d(Self.a, Self.b, .accept, 100), Self.d(Self.b, Self.a, .accept, 250),
                                          Self.d(Self.a, Self.b, .accept, 300)], previousMatches: [])
        #expect(two.matches == [MatchRecord(pair: PairKey(Self.a, Self.b), matchedAt: 250)])
        #expect(two.newMatches == two.matches)
        #expect(two.pendingDirected.isEmpty)
        #expect(two.exclusions(friendships: []).pairKeys == [PairKey(Self.a, Self.b)])
    }

    @Test func rejectOrBlockSuppressesForGoodAndDissolves() {
        let rejected = MatchLedger(decisions: [Self.d(Self.a, Self.b, .accept, 100), Self.d(Self.b, Self.a, .reject, 200),
                                               Self.d(Self.b, Self.a, .accept, 300)], previousMatches: [])
        #expect(rejected.matches.isEmpty)
        #expect(rejected.suppressed == [PairKey(Self.a, Self.b)])
        #expect(rejected.exclusions(friendships: []).pairKeys == [PairKey(Self.a, Self.b)])

        let previous = [MatchRecord(pair: PairKey(Self.a, Self.c), matchedAt: 50)]
        let blocked = MatchLedger(decisions: [Self.d(Self.c, Self.a, .block, 400)], previousMatches: previous)
        #expect(blocked.matches.isEmpty)
        #expect(blocked.dissolved == previous)
    }

    @Test func rerunWithPreviousStateIsIdempotentAndCreatesNothingNew() {
        let decisions = [Self.d(Self.a, Self.b, .accept, 100), Self.d(Self.b, Self.a, .accept, 250),
                         Self.d(Self.c, Self.a, .accept, 260)]
        let first = MatchLedger(decisions: decisions, previousMatches: [])
        let second = MatchLedger(decisions: decisions, previousMatches: first.matches)
        let third = MatchLedger(decisions: decisions, previousMatches: second.matches)
        #expect(first.newMatches.count == 1)
        #expect(second.matches == first.matches)
        #expect(second.newMatches.isEmpty)
        #expect(third == second)
        // Carried-over matches keep their time even if the log was truncated.
        let carried = MatchLedger(decisions: [], previousMatches: first.matches)
        #expect(carried.matches == first.matches && carried.newMatches.isEmpty)
    }
}
