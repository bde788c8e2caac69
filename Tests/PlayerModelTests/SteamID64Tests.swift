import Testing
import PlayerModel

@Suite struct SteamID64Tests {
    @Test(arguments: [
        ("76561197960287930", UInt32(22202), "STEAM_0:0:11101", "[U:1:22202]"),
        ("76561197960435530", 169802, "STEAM_0:0:84901", "[U:1:169802]"),
        ("76561198005755687", 45489959, "STEAM_0:1:22744979", "[U:1:45489959]"),
        ("76561197960265729", 1, "STEAM_0:1:0", "[U:1:1]"),
    ])
    func arithmetic(text: String, account: UInt32, steam2: String, steam3: String) throws {
        let id = try #require(SteamID64(text))
        #expect(id.accountID == account)
        #expect(id.steam2 == steam2)
        #expect(id.steam3 == steam3)
        #expect(id.description == text)
    }

    @Test func rejectsInvalidIDs() {
        #expect(SteamID64.parse("12345") == .failure(.outOfRange))
        #expect(SteamID64.parse("123456789") == .failure(.outOfRange))
        #expect(SteamID64.parse("") == .failure(.empty))
        #expect(SteamID64.parse("7656119796028793x") == .failure(.notDigits))
        #expect(SteamID64.parse("76561197960265728") == .failure(.outOfRange))
        #expect(SteamID64.parse("99999999999999999999999") == .failure(.outOfRange))
        #expect(SteamID64(" 76561197960287930\r\n") != nil)
    }

    @Test func largestValueIsExactWithoutDouble() throws {
        let id = try #require(SteamID64("76561202255233023"))
        #expect(id.rawValue == 76_561_197_960_265_728 + 4_294_967_295)
        #expect(SteamID64("76561202255233024") == nil)
    }

    @Test func groupIDs() throws {
        let valve = try #require(GroupID64("103582791429521412"))
        #expect(valve.steam3 == "[g:1:4]")
        #expect(GroupID64("103582791429521408") == nil, "the bare base value means 'no primary group'")
    }
}
