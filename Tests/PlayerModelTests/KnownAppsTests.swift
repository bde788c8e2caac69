import PlayerModel
import Testing

/// `KnownApps.of`: the distinct app ids, by bitmap below 2²⁸ and by hash set above.
@Suite struct KnownAppsTests {
    @Test func knownAppsAreTheDistinctIDs() {
        let id = SteamID64(rawValue: 76_561_197_960_265_729)!
        let ids: [UInt32] = [0, 63, 64, 570, 570, 440, 1 << 27, (1 << 28) - 1]
        #expect(KnownApps.of(ids.map { PlayerGame(steamID: id, appID: $0, minutesTotal: 1) }) == Set(ids))
        let huge: [UInt32] = [5, UInt32.max, 1 << 28]
        #expect(KnownApps.of(huge.map { PlayerGame(steamID: id, appID: $0, minutesTotal: 1) }) == Set(huge))
        #expect(KnownApps.of([]).isEmpty)
    }
}
