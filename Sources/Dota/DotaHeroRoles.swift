/// Hero → primary position, and a player's role mask from their hero pool.
///
/// Valve's API gives no positions (GetHeroes has only ids and names, and the in-game "roles" tags such as
/// Nuker or Disabler are not positions). This small committed table gives each hero the position it is most
/// commonly played in (carry = safe lane core, mid, offlane, support; soft and hard support are one role),
/// judged from public position conventions around 2016–2017, the years of the fixtures. It covers every hero
/// in the fixtures' heroes lists (ids 1–113) and the heroes added since; a hero not in it has no role.
public enum DotaHeroRoles {
    /// Primary position by hero id.
    public static let primary: [Int: DotaRole] = {
        var table: [Int: DotaRole] = [:]
        for (role, ids) in idsByRole { for id in ids { table[id] = role } }
        return table
    }()

    private static let idsByRole: [(DotaRole, [Int])] = [
        // Anti-Mage, Bloodseeker, Drow Ranger, Juggernaut, Morphling, Phantom Lancer, Sven, Riki, Faceless Void,
        // Wraith King, Phantom Assassin, Luna, Lifestealer, Clinkz, Weaver, Spectre, Ursa, Gyrocopter, Alchemist,
        // Lone Druid, Chaos Knight, Naga Siren, Slark, Medusa, Troll Warlord, Terrorblade, Monkey King, Muerta.
        (.carry, [1, 4, 6, 8, 10, 12, 18, 32, 41, 42, 44, 48, 54, 56, 63, 67, 70, 72, 73, 80, 81, 89, 93, 94, 95, 109, 114, 138]),
        // Shadow Fiend, Puck, Razor, Storm Spirit, Tiny, Windranger, Zeus, Kunkka, Lina, Tinker, Sniper, Necrophos,
        // Queen of Pain, Death Prophet, Pugna, Templar Assassin, Viper, Dragon Knight, Leshrac, Huskar, Invoker,
        // Outworld Devourer, Meepo, Ember Spirit, Arc Warden, Void Spirit.
        (.mid, [11, 13, 15, 17, 19, 21, 22, 23, 25, 34, 35, 36, 39, 43, 45, 46, 47, 49, 52, 59, 74, 76, 82, 106, 113, 126]),
        // Axe, Sand King, Slardar, Tidehunter, Enigma, Beastmaster, Clockwerk, Nature's Prophet, Dark Seer,
        // Night Stalker, Broodmother, Batrider, Doom, Lycan, Brewmaster, Visage, Centaur Warrunner, Magnus,
        // Timbersaw, Bristleback, Legion Commander, Underlord, Pangolier, Mars, Dawnbreaker, Primal Beast.
        (.offlane, [2, 16, 28, 29, 33, 38, 51, 53, 55, 60, 61, 65, 69, 77, 78, 92, 96, 97, 98, 99, 104, 108, 120, 129, 135, 137]),
        // Bane, Crystal Maiden, Earthshaker, Mirana, Pudge, Vengeful Spirit, Lion, Shadow Shaman, Witch Doctor,
        // Lich, Warlock, Venomancer, Dazzle, Omniknight, Enchantress, Bounty Hunter, Jakiro, Chen, Ancient
        // Apparition, Spirit Breaker, Silencer, Shadow Demon, Treant Protector, Ogre Magi, Undying, Rubick,
        // Disruptor, Nyx Assassin, Keeper of the Light, Io, Tusk, Skywrath Mage, Abaddon, Elder Titan, Techies,
        // Earth Spirit, Phoenix, Oracle, Winter Wyvern, Dark Willow, Grimstroke, Hoodwink, Snapfire, Marci.
        (.support, [3, 5, 7, 9, 14, 20, 26, 27, 30, 31, 37, 40, 50, 57, 58, 62, 64, 66, 68, 71, 75, 79, 83, 84, 85, 86, 87, 88,
                    90, 91, 100, 101, 102, 103, 105, 107, 110, 111, 112, 119, 121, 123, 128, 136]),
    ]

    /// A role is in a player's mask when at least a quarter of their games on heroes with a known role were
    /// on heroes of that role; their most-played role is always in it (ties: `DotaRole` order). Empty when
    /// no game is on a hero with a known role.
    public static func roleMask(heroGames: [Int: Int]) -> DotaRoleSet {
        var byRole: [DotaRole: Int] = [:]
        var total = 0
        for (hero, games) in heroGames where games > 0 {
            guard let role = primary[hero] else { continue }
            byRole[role, default: 0] += games
            total += games
        }
        guard total > 0 else { return [] }
        var mask: DotaRoleSet = []
        var best: (role: DotaRole, games: Int)?
        for role in DotaRole.allCases {
            let games = byRole[role] ?? 0
            if games * 4 >= total, games > 0 { mask.insert(role.bit) }
            if games > (best?.games ?? 0) { best = (role, games) }
        }
        if let best { mask.insert(best.role.bit) }
        return mask
    }
}
