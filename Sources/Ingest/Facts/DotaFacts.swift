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

/// One `players[]` entry of a match, stored in 20 bytes (a million matches hold ten million of these): the
/// account as a kind and a 32-bit id, the hero as 16 bits (0 = none), K/D/A as 32 bits and the leaver status
/// as 16 bits, each with -1 for "not stated". The decoder range-checks every value before it gets here
/// (`dota.badValue`), so the accessors' clamping never changes a value read from input.
public struct DotaPlayerFacts: Sendable {
    private var accountKind: UInt8
    private var accountNumber: UInt32
    /// `player_slot`: bit 7 set = Dire, clear = Radiant; the low bits are the position in the team.
    public var slot: UInt8
    private var hero: UInt16
    private var killCount: Int32 = -1
    private var deathCount: Int32 = -1
    private var assistCount: Int32 = -1
    private var leaver: Int16 = -1

    /// The largest kills, deaths or assists count kept (larger values are reported by the decoder).
    public static let maxCount = 1_000_000
    /// The largest `leaver_status` kept.
    public static let maxLeaverStatus = 255

    public init(account: DotaAccount, slot: UInt8, heroID: Int? = nil) {
        accountKind = 0
        accountNumber = 0
        self.slot = slot
        hero = 0
        self.account = account
        self.heroID = heroID
    }

    public var account: DotaAccount {
        get {
            switch accountKind {
            case 1: SteamID64(accountID: accountNumber).map(DotaAccount.player) ?? .unknown
            case 2: .anonymous
            case 3: .bot
            default: .unknown
            }
        }
        set {
            switch newValue {
            case .player(let id): (accountKind, accountNumber) = (1, id.accountID)
            case .anonymous: (accountKind, accountNumber) = (2, 0)
            case .bot: (accountKind, accountNumber) = (3, 0)
            case .unknown: (accountKind, accountNumber) = (0, 0)
            }
        }
    }

    /// The SteamID64 of a public player, without building the `DotaAccount`.
    @inline(__always)
    public var steamIDRawValue: UInt64? { accountKind == 1 ? SteamID64.base + UInt64(accountNumber) : nil }

    /// `hero_id`; 0 (no hero picked yet) is `nil`.
    public var heroID: Int? {
        get { hero == 0 ? nil : Int(hero) }
        set { hero = UInt16(clamping: max(0, newValue ?? 0)) }
    }
    public var kills: Int? {
        get { killCount < 0 ? nil : Int(killCount) }
        set { killCount = Self.packed(newValue) }
    }
    public var deaths: Int? {
        get { deathCount < 0 ? nil : Int(deathCount) }
        set { deathCount = Self.packed(newValue) }
    }
    public var assists: Int? {
        get { assistCount < 0 ? nil : Int(assistCount) }
        set { assistCount = Self.packed(newValue) }
    }
    /// 0 none, 1 disconnected, 2 disconnected too long, 3 abandoned, 4 AFK, 5/6 never connected.
    public var leaverStatus: Int? {
        get { leaver < 0 ? nil : Int(leaver) }
        set { leaver = newValue.map { Int16(clamping: max(0, $0)) } ?? -1 }
    }

    public var isDire: Bool { slot & 0x80 != 0 }

    private static func packed(_ value: Int?) -> Int32 {
        value.map { Int32(clamping: max(0, $0)) } ?? -1
    }
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
