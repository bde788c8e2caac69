import Dota
import Testing

@Suite struct DotaHeroRolesTests {
    @Test func everyHeroOfTheFixtureListsHasARole() {
        // Ids 1…113 without 24 (the 2016 GetHeroes list of the shared fixtures).
        let missing = (1...113).filter { $0 != 24 && DotaHeroRoles.primary[$0] == nil }
        #expect(missing.isEmpty)
        #expect(DotaHeroRoles.primary[24] == nil)
        #expect(DotaHeroRoles.primary[5] == .support)
        #expect(DotaHeroRoles.primary[1] == .carry)
    }

    @Test func roleMaskKeepsRolesWithAQuarterOfTheGames() {
        #expect(DotaHeroRoles.roleMask(heroGames: [5: 6, 1: 3, 11: 1]) == [.support, .carry])   // carry 3 of 10 ≥ 1/4, mid 1 of 10 < 1/4
        #expect(DotaHeroRoles.roleMask(heroGames: [11: 1, 2: 1, 3: 1, 4: 1]) == [.carry, .mid, .offlane, .support])
        #expect(DotaHeroRoles.roleMask(heroGames: [9_999: 4]) == [])
        #expect(DotaHeroRoles.roleMask(heroGames: [:]) == [])
    }

    @Test func pairingClauses() {
        #expect(DotaPairingNotes.clausesFor(count: 0, shared: [.support]) == ["you both play support heroes"])
        #expect(DotaPairingNotes.clausesFor(count: 2, shared: [.carry, .mid, .support])
                == ["played 2 recorded Dota matches together", "you both play carry, mid and support heroes"])
    }
}
