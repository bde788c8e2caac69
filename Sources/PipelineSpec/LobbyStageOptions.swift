import Lobby
import Pairing
import PlayerModel

/// Options of the `lobby` stage (see the README's "Lobbies" section). The pair filters (caps, accuracy,
/// `anywhere`, `require_shared_language`, `min_shared_games`) come from the `pair` stage's options when the
/// pipeline has one, so lobbies and pairings apply the same hard filters.
public enum LobbyStageOptions {
    public static let spec = StageOptionSpec([
        "min_overlap_hours": .nonNegativeInt,
        "max_lobbies_per_player": .positiveInt,
        "default_sizes": .strings,
        "roles": .strings,
        "exact_up_to": .nonNegativeInt,
        "friend_bonus": .nonNegativeDouble,
        "previous_state": .string,
    ])

    /// `default_sizes` entries: `APPID:MIN-MAX`, or `*:MIN-MAX` for every other game (1 ≤ MIN ≤ MAX ≤ 64).
    static func parseSize(_ text: String) -> (app: UInt32?, range: ClosedRange<Int>)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let bounds = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let lo = Int(bounds[0]), let hi = Int(bounds[1]), lo >= 1, lo <= hi,
              hi <= LobbyRequest.maxPlayersLimit else { return nil }
        if parts[0] == "*" { return (nil, lo...hi) }
        guard let app = UInt32(parts[0]), app > 0 else { return nil }
        return (app, lo...hi)
    }

    /// `roles` entries: `APPID:name+name+…` (bit order; names `[A-Za-z0-9_.-]`, at most 32).
    static func parseRoles(_ text: String) -> (app: UInt32, names: [String])? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let app = UInt32(parts[0]), app > 0 else { return nil }
        let names = parts[1].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard !names.isEmpty, names.count <= 32, names.allSatisfy(LobbyRequest.isValidName), Set(names).count == names.count
        else { return nil }
        return (app, names)
    }

    /// Messages for option values that have the right type but the wrong form (the loader reports them).
    public static func problems(_ options: StageOptions) -> [String] {
        var out: [String] = []
        for text in options.strings("default_sizes") ?? [] where parseSize(text) == nil {
            out.append("'default_sizes' entry '\(text)' must be APPID:MIN-MAX or *:MIN-MAX with 1 ≤ MIN ≤ MAX ≤ 64")
        }
        if let bonus = options.double("friend_bonus"), !(0...1).contains(bonus) {
            out.append("'friend_bonus' must be between 0 and 1 (it is added to a pair's score on the 0…1 scale)")
        }
        for text in options.strings("roles") ?? [] where parseRoles(text) == nil {
            out.append("'roles' entry '\(text)' must be APPID:name+name+… (names of A-Z a-z 0-9 _ . -, at most 32, no repeats)")
        }
        return out
    }

    /// The lobby configuration the options describe; unset keys keep `LobbyConfig`'s defaults.
    public static func config(_ options: StageOptions, pair: StageOptions?, threads: Int) -> LobbyConfig {
        var config = LobbyConfig(pairing: PairStageOptions.config(pair ?? StageOptions(), threads: threads), threads: threads)
        if let h = options.int("min_overlap_hours") { config.minOverlapHours = h }
        if let m = options.int("max_lobbies_per_player") { config.maxLobbiesPerPlayer = m }
        if let e = options.int("exact_up_to") { config.exactUpTo = e }
        if let b = options.double("friend_bonus") { config.friendBonus = b }
        for entry in (options.strings("default_sizes") ?? []).compactMap(parseSize) {
            if let app = entry.app { config.defaultSizes[app] = entry.range } else { config.fallbackSize = entry.range }
        }
        for entry in (options.strings("roles") ?? []).compactMap(parseRoles) { config.roles[entry.app] = entry.names }
        return config
    }
}
