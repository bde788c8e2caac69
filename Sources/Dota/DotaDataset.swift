import Ingest

/// Every Dota 2 match and hero of a run, merged and sorted (matches by id, heroes by id).
public struct DotaDataset: Sendable {
    public var matches: [DotaMatch]
    public var heroes: [DotaHeroFacts]
    /// Provenance of each hero row, parallel to `heroes`.
    public var heroSources: [[String]]
    /// Whether any GetHeroes document was read (otherwise hero ids cannot be checked or named).
    public var hasHeroList: Bool

    public init(matches: [DotaMatch] = [], heroes: [DotaHeroFacts] = [], heroSources: [[String]] = [], hasHeroList: Bool = false) {
        self.matches = matches
        self.heroes = heroes
        self.heroSources = heroSources
        self.hasHeroList = hasHeroList
    }

    /// Hero display names by id (`localized_name`, else the internal name without `npc_dota_hero_`).
    public func heroNames() -> [Int: String] {
        var names: [Int: String] = [:]
        for hero in heroes {
            if let name = hero.localizedName ?? hero.name.map({ $0.hasPrefix("npc_dota_hero_") ? String($0.dropFirst(14)) : $0 }) {
                names[hero.id] = name
            }
        }
        return names
    }
}
