import Fetch
import Testing

@Suite struct URLRedactorTests {
    @Test func keyParameterAndBareSecretAreRedacted() {
        let redactor = URLRedactor(secret: "ABCDEF0123456789")
        let url = "http://127.0.0.1:9/ISteamUser/GetFriendList/v1/?key=ABCDEF0123456789&steamid=1"
        #expect(redactor.redact("GET \(url) failed") == "GET http://127.0.0.1:9/ISteamUser/GetFriendList/v1/?key=REDACTED&steamid=1 failed")
        #expect(redactor.redact("token ABCDEF0123456789 seen") == "token REDACTED seen")
        #expect(redactor.redact("x?KEY=other&y=2") == "x?KEY=REDACTED&y=2")
        let plus = URLRedactor(secret: "a b&c")
        #expect(!plus.redact("?x=1&key=a%20b%26c").contains("a%20b%26c"))
    }
}
