import PlayerModel

/// What a Dota 2 Web API response said: GetMatchHistory, GetMatchHistoryBySequenceNum, GetMatchDetails
/// (`IDOTA2Match_570`) or GetHeroes (`IEconDOTA2_570`), detected from the keys of its `result`.
public struct DotaFacts: Sendable {
    public enum Kind: String, Sendable {
        case matchHistory = "dota_match_history"
        case matchHistoryBySequenceNum = "dota_match_history_by_sequence_num"
        case matchDetails = "dota_match_details"
        case heroes = "dota_heroes"
    }

    public var kind: Kind
    /// The matches listed (one for GetMatchDetails); empty for GetHeroes or a refused request.
    public var matches: [DotaMatchFacts]
    /// GetHeroes' list; `nil` for the match endpoints.
    public var heroes: [DotaHeroFacts]?

    public init(kind: Kind, matches: [DotaMatchFacts] = [], heroes: [DotaHeroFacts]? = nil) {
        self.kind = kind
        self.matches = matches
        self.heroes = heroes
    }
}

/// One match as a response states it. Every field but the id is optional: GetMatchHistory lists only
/// ids, start time, lobby type and players' slots and heroes; GetMatchDetails adds the rest.
public struct DotaMatchFacts: Sendable {
    public var matchID: UInt64
    public var matchSeqNum: UInt64?
    /// Unix seconds (`start_time`, or the older `starttime`).
    public var startTime: Int64?
    /// Seconds.
    public var duration: Int?
    public var gameMode: Int?
    public var lobbyType: Int?
    public var radiantWin: Bool?
    public var firstBloodTime: Int?
    public var leagueID: Int?
    public var humanPlayers: Int?
    public var players: [DotaPlayerFacts]
    /// Whether this came from GetMatchDetails or BySequenceNum (full record) rather than GetMatchHistory.
    public var isDetailed: Bool
    /// Line of the match object in its file (the bundle line for JSON Lines).
    public var line: Int?

    public init(matchID: UInt64, players: [DotaPlayerFacts] = [], isDetailed: Bool = false, line: Int? = nil) {
        self.matchID = matchID
        self.players = players
        self.isDetailed = isDetailed
        self.line = line
    }
}

/// Who sat in a slot. Account ids are 32-bit; anonymous players and bots are never given a made-up id.
public enum DotaAccount: Sendable, Hashable {
    /// A player with a public id: SteamID64 = 76561197960265728 + `account_id`.
    case player(SteamID64)
    /// `account_id` 4294967295: a human who hides their id.
    case anonymous
    /// No `account_id` key at all: a bot.
    case bot
    /// The id was unreadable (a corrupted key or an out-of-range value, reported where found).
    case unknown

    /// The `account_id` Valve uses for a player who hides their id.
    public static let anonymousAccountID: Int64 = 4_294_967_295

    public var label: String {
        switch self {
        case .player: "player"
        case .anonymous: "anonymous"
        case .bot: "bot"
        case .unknown: "unknown"
        }
    }

    public var steamID: SteamID64? {
        if case .player(let id) = self { return id }
        return nil
    }
}

/// One `players[]` entry of a match.
public struct DotaPlayerFacts: Sendable {
    public var account: DotaAccount
    /// `player_slot`: bit 7 set = Dire, clear = Radiant; the low bits are the position in the team.
    public var slot: UInt8
    /// `hero_id`; 0 (no hero picked yet) is `nil`.
    public var heroID: Int?
    public var kills: Int?
    public var deaths: Int?
    public var assists: Int?
    /// 0 none, 1 disconnected, 2 disconnected too long, 3 abandoned, 4 AFK, 5/6 never connected.
    public var leaverStatus: Int?
    /// Line of the player object (the bundle line for JSON Lines).
    public var line: Int?

    public init(account: DotaAccount, slot: UInt8, heroID: Int? = nil, line: Int? = nil) {
        self.account = account
        self.slot = slot
        self.heroID = heroID
        self.line = line
    }

    public var isDire: Bool { slot & 0x80 != 0 }
}

/// One GetHeroes entry.
public struct DotaHeroFacts: Sendable, Hashable {
    public var id: Int
    /// Internal name, e.g. `npc_dota_hero_antimage`.
    public var name: String?
    /// Display name, e.g. `Anti-Mage` (absent without `language=`).
    public var localizedName: String?

    public init(id: Int, name: String? = nil, localizedName: String? = nil) {
        self.id = id
        self.name = name
        self.localizedName = localizedName
    }
}
