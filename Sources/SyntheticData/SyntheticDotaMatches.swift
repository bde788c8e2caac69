import PipelineCore

/// Seeded synthetic GetMatchDetails responses, one JSON Lines envelope per match, for `bench dota`.
///
/// Each match has the key set of a 2015–2017 GetMatchDetails `result` (ids, times, towers, barracks, scores,
/// votes, cluster, engine, flags) and 10 players with the per-player keys real responses carry (items,
/// backpack, K/D/A, gold, last hits, damage, level, leaver status), without `ability_upgrades` and
/// `picks_bans`. Accounts come from a pool of `playerPool` ids; about one slot in five is anonymous
/// (4294967295) and one match in fifty is a co-op bot match whose Dire slots have no `account_id`.
public struct SyntheticDotaMatches: Sendable {
    public var seed: UInt64
    public var playerPool: Int
    /// Hero ids drawn from (1…113 without 24, as in the fixtures' heroes lists).
    public static let heroIDs: [Int] = (1...113).filter { $0 != 24 }

    public init(seed: UInt64, playerPool: Int = 200_000) {
        self.seed = seed
        self.playerPool = max(10, playerPool)
    }

    /// Appends the envelope line of match number `index` (0-based) to `out`, newline included. The same
    /// `(seed, index)` always gives the same bytes.
    public func appendLine(index: Int, to out: inout [UInt8]) {
        var rng = SeededGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let matchID = 1_000_000_000 + UInt64(index) * 7
        let start = 1_356_998_400 + Int64(index) * 97 + Int64(rng.next() % 600)       // from 2013-01-01
        let duration = 900 + Int(rng.next() % 3_600)
        let radiantWin = rng.next() & 1 == 0
        let coop = rng.next() % 50 == 0
        func put(_ text: StaticString) { out.append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }
        func num(_ value: some BinaryInteger) { out.append(contentsOf: String(value).utf8) }
        func small(_ bound: UInt64) -> UInt64 { rng.next() % bound }

        put(#"{"source":"GetMatchDetails","fetched_at":"2017-06-20T00:00:00Z","body":{"result":{"players":["#)
        var usedHeroes = Set<Int>()
        for position in 0..<10 {
            if position > 0 { put(",") }
            let dire = position >= 5
            put("{")
            if !(coop && dire) {
                put(#""account_id":"#)
                if small(5) == 0 { num(4_294_967_295 as UInt64) } else { num(1_000 + small(UInt64(playerPool))) }
                put(",")
            }
            put(#""player_slot":"#)
            num((dire ? 128 : 0) + position % 5)
            var hero = Self.heroIDs[Int(small(UInt64(Self.heroIDs.count)))]
            while usedHeroes.contains(hero) { hero = Self.heroIDs[Int(small(UInt64(Self.heroIDs.count)))] }
            usedHeroes.insert(hero)
            put(#","hero_id":"#); num(hero)
            for slot in ["item_0", "item_1", "item_2", "item_3", "item_4", "item_5", "backpack_0", "backpack_1", "backpack_2"] {
                out.append(contentsOf: ",\"\(slot)\":".utf8); num(small(260))
            }
            put(#","kills":"#); num(small(25))
            put(#","deaths":"#); num(small(20))
            put(#","assists":"#); num(small(30))
            if !(coop && dire) { put(#","leaver_status":"#); num(small(100) == 0 ? 2 + small(4) : 0) }
            put(#","last_hits":"#); num(small(500))
            put(#","denies":"#); num(small(40))
            put(#","gold_per_min":"#); num(200 + small(600))
            put(#","xp_per_min":"#); num(200 + small(700))
            put(#","level":"#); num(1 + small(25))
            put(#","hero_damage":"#); num(small(40_000))
            put(#","tower_damage":"#); num(small(8_000))
            put(#","hero_healing":"#); num(small(3_000))
            put(#","gold":"#); num(small(5_000))
            put(#","gold_spent":"#); num(small(30_000))
            put("}")
        }
        put(#"],"radiant_win":"#); put(radiantWin ? "true" : "false")
        put(#","duration":"#); num(duration)
        put(#","pre_game_duration":90,"start_time":"#); num(start)
        put(#","match_id":"#); num(matchID)
        put(#","match_seq_num":"#); num(matchID + 13)
        put(#","tower_status_radiant":"#); num(small(2_048))
        put(#","tower_status_dire":"#); num(small(2_048))
        put(#","barracks_status_radiant":"#); num(small(64))
        put(#","barracks_status_dire":"#); num(small(64))
        put(#","cluster":"#); num(110 + small(100))
        put(#","first_blood_time":"#); num(small(300))
        put(#","lobby_type":"#); num(coop ? 4 : [0, 0, 7, 7, 7][Int(small(5))])
        put(#","human_players":"#); num(coop ? 5 : 10)
        put(#","leagueid":0,"positive_votes":0,"negative_votes":0,"game_mode":"#); num(coop ? 1 : [1, 2, 3, 22, 22][Int(small(5))])
        put(#","flags":0,"engine":1,"radiant_score":"#); num(small(60))
        put(#","dire_score":"#); num(small(60))
        put("}}}\n")
    }
}
