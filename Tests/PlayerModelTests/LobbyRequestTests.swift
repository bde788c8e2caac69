import PlayerModel
import Testing

struct LobbyRequestTests {
    @Test func textRoundTrips() {
        let requests = [
            LobbyRequest(appID: 570, minPlayers: 5, maxPlayers: 5, roles: ["carry", "support"], group: "eu-ranked"),
            LobbyRequest(appID: 730),
            LobbyRequest(appID: 550, minPlayers: 3, roleMask: 12),
            LobbyRequest(appID: 440, maxPlayers: 6, group: "a.b_c-d"),
        ]
        #expect(requests.map(\.text) == ["570:5-5:carry+support:eu-ranked", "730:-::", "550:3-:#12:", "440:-6::a.b_c-d"])
        #expect(requests.map { LobbyRequest(text: $0.text) } == requests)
    }

    @Test func badTextIsRejected() {
        for text in ["", "570", "0:-::", "570:5::", "570:0-5::", "570:5-65::", "570:-:#0:", "570:-:a b:", "570:-::g:h", "x:-::"] {
            #expect(LobbyRequest(text: text) == nil, "\(text)")
        }
    }

    @Test func names() {
        #expect(LobbyRequest.isValidName("hard_support"))
        #expect(!LobbyRequest.isValidName(""))
        #expect(!LobbyRequest.isValidName("a:b"))
        #expect(!LobbyRequest.isValidName(String(repeating: "a", count: 65)))
    }
}
