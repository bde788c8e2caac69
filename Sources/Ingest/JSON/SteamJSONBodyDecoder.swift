import JSONPullReader
import PipelineCore
import PlayerModel

/// Decodes one JSON value (a whole file, or the `body` of a bundle line) into a `SteamDocument`,
/// detecting the kind from its keys in a single pass: the top-level wrapper (`response`, `friendslist`,
/// `players`, `playerstats`, `game`, `achievementpercentages`) or a bare player object, and inside
/// `response` the keys present (`players`, `total_count`, `game_count`/`games`, `success`,
/// `player_level`).
struct SteamJSONBodyDecoder<Sink: DiagnosticSink> {
    let fields: JSONFieldReader<Sink>
    /// Offset of the id that names the document's owner, when the document carries one.
    private(set) var ownerOffset: Int?

    init(origin: DocumentOrigin, diagnostics: Sink) {
        fields = JSONFieldReader(origin: origin, diagnostics: diagnostics)
    }

    /// Reads the next value. `nil` when it is not a Steam document (reported as `json.unknownKind`) or
    /// its content was unusable (reported where found).
    mutating func decode(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        let first = try reader.next()
        let startOffset = reader.tokenOffset
        if first == .arrayBegin {
            // A saved GetHeroes `result.heroes` list without its wrapper.
            return try decodeBareHeroes(&reader, startOffset: startOffset)
        }
        guard first == .objectBegin else {
            fields.error("json.unknownKind", "expected a Steam Web API object, found \(JSONFieldReader<Sink>.describe(first))", &reader)
            try reader.skipRest(of: first)
            return nil
        }
        var document: SteamDocument?
        var wrappers = 0
        var player = JSONPlayerSummaryFields()
        while try reader.nextKey() {
            if reader.keyEquals("response") {
                wrappers += 1
                document = try decodeResponse(&reader)
            } else if reader.keyEquals("friendslist") {
                wrappers += 1
                document = try decodeFriendList(&reader)
            } else if reader.keyEquals("players") {
                wrappers += 1
                document = try decodePlayerBans(&reader)
            } else if reader.keyEquals("playerstats") {
                wrappers += 1
                document = try decodePlayerAchievements(&reader)
            } else if reader.keyEquals("game") {
                wrappers += 1
                document = try decodeGameSchema(&reader)
            } else if reader.keyEquals("achievementpercentages") {
                wrappers += 1
                document = try decodeGlobalPercentages(&reader)
            } else if reader.keyEquals("result") {
                wrappers += 1
                document = try DotaResultDecoder(fields: fields).decodeResult(&reader)
            } else if reader.keyEquals("heroes") {
                wrappers += 1
                document = try DotaResultDecoder(fields: fields).decodeHeroes(&reader).map { .dota(DotaFacts(kind: .heroes, heroes: $0)) }
            } else if try player.consume(&reader, fields) {
                continue
            } else {
                try reader.skipValue()
            }
        }
        if wrappers > 1 {
            fields.error("json.unknownKind", "the object holds several Steam response kinds", &reader, offset: startOffset)
            return nil
        }
        if wrappers == 1 { return document }
        if player.looksLikePlayer {
            ownerOffset = player.steamIDOffset
            // An invalid id was already reported as steamid.invalid.
            return player.facts.map { .playerSummaries([$0]) }
        }
        fields.error("json.unknownKind", "not a known Steam Web API response (no known top-level key)", &reader, offset: startOffset)
        return nil
    }

    /// A top-level array: only GetHeroes' hero list is saved that way (the `[` already read).
    private func decodeBareHeroes(_ reader: inout JSONPullReader, startOffset: Int) throws(JSONError) -> SteamDocument? {
        var heroes: [DotaHeroFacts] = []
        while true {
            let token = try reader.next()
            if token == .arrayEnd { break }
            guard token == .objectBegin else {
                fields.error("json.unknownKind", "a top-level array that is not a Dota 2 hero list", &reader, offset: startOffset)
                try reader.skipRest(of: token)
                try reader.skipRestOfContainer()
                return nil
            }
            if let hero = try DotaResultDecoder(fields: fields).decodeHero(&reader, entryOffset: reader.tokenOffset) { heroes.append(hero) }
        }
        return .dota(DotaFacts(kind: .heroes, heroes: heroes))
    }

    // MARK: - response

    private mutating func decodeResponse(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        guard try fields.beginObject(&reader, field: "response") else { return nil }
        let startOffset = reader.tokenOffset
        var players: [ProfileFacts]?
        var games: [GameFacts]?
        var gameCount: Int?
        var totalCount: Int?
        var success: Int?
        var resolvedID: String?
        var message: String?
        var playerLevel: Int?
        var sawAnyKey = false
        var sawGameKey = false
        while try reader.nextKey() {
            sawAnyKey = true
            if reader.keyEquals("games") {
                sawGameKey = true
                games = try decodeGames(&reader, expectedCount: gameCount ?? totalCount)
            } else if reader.keyEquals("game_count") {
                sawGameKey = true
                gameCount = try fields.int(&reader, field: "game_count")
            } else if reader.keyEquals("total_count") {
                totalCount = try fields.int(&reader, field: "total_count")
            } else if reader.keyEquals("players") {
                players = try decodePlayerSummaries(&reader)
            } else if reader.keyEquals("success") {
                success = try fields.int(&reader, field: "success")
            } else if reader.keyEquals("steamid") {
                resolvedID = try fields.text(&reader, field: "steamid")
                if let resolvedID, SteamID64(resolvedID) == nil {
                    fields.warning("steamid.invalid", "steamid: \"\(resolvedID)\" is not a valid SteamID64", &reader)
                }
            } else if reader.keyEquals("message") {
                message = try fields.string(&reader, field: "message")
            } else if reader.keyEquals("player_level") {
                playerLevel = try fields.int(&reader, field: "player_level")
            } else {
                try reader.skipValue()
            }
        }
        if let players {
            if players.count == 1 { ownerOffset = ownerOffsetOfSinglePlayer }
            return .playerSummaries(players)
        }
        if totalCount != nil {
            return .gameLibrary(GameLibraryFacts(kind: .recentlyPlayed, games: games ?? [], reportedCount: totalCount))
        }
        if sawGameKey {
            return .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: games ?? (gameCount != nil ? [] : nil), reportedCount: gameCount))
        }
        if let success {
            return .vanityResolution(VanityResolutionFacts(success: success, steamIDText: resolvedID, message: message))
        }
        if let playerLevel {
            return .steamLevel(owner: nil, level: playerLevel)
        }
        if !sawAnyKey {
            fields.diagnostics.emit(.note("json.emptyResponse",
                                          "empty response (private or unknown): read as GetOwnedGames with the games unknown",
                                          at: fields.location(&reader, offset: startOffset)))
            return .gameLibrary(GameLibraryFacts(kind: .ownedGames, games: nil))
        }
        fields.error("json.unknownKind", "response has no key of a known Steam Web API method", &reader, offset: startOffset)
        return nil
    }

    /// Offset of the only player's `steamid`, recorded by `decodePlayerSummaries`.
    private var ownerOffsetOfSinglePlayer: Int?

    private mutating func decodePlayerSummaries(_ reader: inout JSONPullReader) throws(JSONError) -> [ProfileFacts]? {
        let fields = self.fields
        var lastOwnerOffset: Int?
        let profiles = try fields.objects(&reader, field: "players", element: "players[]") { reader, entryOffset throws(JSONError) in
            var player = JSONPlayerSummaryFields()
            while try reader.nextKey() {
                if try !player.consume(&reader, fields) { try reader.skipValue() }
            }
            if let profile = player.facts {
                lastOwnerOffset = player.steamIDOffset
                return profile
            }
            if !player.sawSteamID {
                fields.error("json.missingField", "players[]: entry without steamid skipped", &reader, offset: entryOffset)
            }
            return nil
        }
        if lastOwnerOffset != nil { ownerOffsetOfSinglePlayer = lastOwnerOffset }
        return profiles
    }

    // MARK: - Games

    /// `expectedCount` (`game_count` when it came first, as Steam writes it) sizes the array up front.
    private func decodeGames(_ reader: inout JSONPullReader, expectedCount: Int?) throws(JSONError) -> [GameFacts]? {
        try fields.objects(&reader, field: "games", element: "games[]", reserve: min(max(expectedCount ?? 0, 0), 65_536)) {
            reader, _ throws(JSONError) in try decodeGame(&reader)
        }
    }

    /// One `games[]` entry (the `{` already read). Per-OS and deck playtimes, icons, flags and
    /// content descriptors are skipped.
    @inline(__always)
    private func decodeGame(_ reader: inout JSONPullReader) throws(JSONError) -> GameFacts? {
        let entryOffset = reader.tokenOffset
        var appID: UInt32?
        var sawAppID = false
        var game = GameFacts(appID: 0)
        while try reader.nextKey() {
            if reader.keyEquals("appid") {
                sawAppID = true
                appID = try fields.appID(&reader, field: "appid")
            } else if reader.keyEquals("name") {
                game.name = try fields.string(&reader, field: "name")
            } else if reader.keyEquals("playtime_forever") {
                game.minutesTotal = try fields.minutes(&reader, field: "playtime_forever")
            } else if reader.keyEquals("playtime_2weeks") {
                game.minutes2Weeks = try fields.minutes(&reader, field: "playtime_2weeks")
            } else if reader.keyEquals("rtime_last_played") {
                let seconds = try fields.integer(&reader, field: "rtime_last_played")
                game.lastPlayed = seconds == 0 ? nil : seconds
            } else {
                try reader.skipValue()
            }
        }
        guard let appID else {
            if !sawAppID { fields.error("json.missingField", "games[]: entry without appid skipped", &reader, offset: entryOffset) }
            return nil
        }
        game.appID = appID
        return game
    }

    // MARK: - Friends

    private func decodeFriendList(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        guard try fields.beginObject(&reader, field: "friendslist") else { return nil }
        var friends: [FriendFacts]?
        while try reader.nextKey() {
            guard reader.keyEquals("friends") else {
                try reader.skipValue()
                continue
            }
            guard let list = try fields.objects(&reader, field: "friends", element: "friends[]", { reader, entryOffset throws(JSONError) -> FriendFacts? in
                var steamID: SteamID64?
                var sawSteamID = false
                var since: Int64?
                while try reader.nextKey() {
                    if reader.keyEquals("steamid") {
                        sawSteamID = true
                        steamID = try fields.steamID(&reader, field: "steamid")
                    } else if reader.keyEquals("friend_since") {
                        since = try fields.integer(&reader, field: "friend_since", allowString: true)
                    } else {
                        try reader.skipValue()
                    }
                }
                if let steamID { return FriendFacts(steamID: steamID, friendSince: since == 0 ? nil : since) }
                if !sawSteamID {
                    fields.error("json.missingField", "friends[]: entry without steamid skipped", &reader, offset: entryOffset)
                }
                return nil
            }) else { continue }
            friends = list
        }
        return .friendList(FriendListFacts(owner: nil, friends: friends))
    }

    // MARK: - Bans

    private mutating func decodePlayerBans(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        let fields = self.fields
        var lastIDOffset: Int?
        guard let bans = try fields.objects(&reader, field: "players", element: "players[]", { reader, entryOffset throws(JSONError) -> BanFacts? in
            var steamID: SteamID64?
            var sawSteamID = false
            var entry = BanFacts(steamID: SteamID64(accountID: 1)!)
            while try reader.nextKey() {
                if reader.keyEquals("SteamId") {
                    sawSteamID = true
                    steamID = try fields.steamID(&reader, field: "SteamId")
                    lastIDOffset = reader.tokenOffset
                } else if reader.keyEquals("CommunityBanned") {
                    entry.communityBanned = try fields.bool(&reader, field: "CommunityBanned")
                } else if reader.keyEquals("VACBanned") {
                    entry.vacBanned = try fields.bool(&reader, field: "VACBanned")
                } else if reader.keyEquals("NumberOfVACBans") {
                    entry.vacBanCount = try fields.int(&reader, field: "NumberOfVACBans")
                } else if reader.keyEquals("DaysSinceLastBan") {
                    entry.daysSinceLastBan = try fields.int(&reader, field: "DaysSinceLastBan")
                } else if reader.keyEquals("NumberOfGameBans") {
                    entry.gameBanCount = try fields.int(&reader, field: "NumberOfGameBans")
                } else if reader.keyEquals("EconomyBan") {
                    entry.economyBan = try fields.string(&reader, field: "EconomyBan")
                } else {
                    try reader.skipValue()
                }
            }
            if let steamID {
                entry.steamID = steamID
                return entry
            }
            if !sawSteamID {
                fields.error("json.missingField", "players[]: ban entry without SteamId skipped", &reader, offset: entryOffset)
            }
            return nil
        }) else { return nil }
        if bans.count == 1 { ownerOffset = lastIDOffset }
        return .playerBans(bans)
    }

    // MARK: - Stats

    private mutating func decodePlayerAchievements(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        guard try fields.beginObject(&reader, field: "playerstats") else { return nil }
        var facts = PlayerAchievementFacts(achievements: nil)
        var success: Bool?
        while try reader.nextKey() {
            if reader.keyEquals("steamID") {
                // Edited samples carry anonymised ids ("12345"): keep the facts, the origin's owner applies.
                facts.owner = try fields.steamID(&reader, field: "steamID", severity: .warning)
                if facts.owner != nil { ownerOffset = reader.tokenOffset }
            } else if reader.keyEquals("gameName") {
                facts.gameName = try fields.string(&reader, field: "gameName")
            } else if reader.keyEquals("achievements") {
                facts.achievements = try decodeAchievementStates(&reader)
            } else if reader.keyEquals("success") {
                success = try fields.bool(&reader, field: "success")
            } else if reader.keyEquals("error") {
                facts.error = try fields.string(&reader, field: "error")
            } else {
                try reader.skipValue()
            }
        }
        if success == false { facts.achievements = nil }
        return .playerAchievements(facts)
    }

    private func decodeAchievementStates(_ reader: inout JSONPullReader) throws(JSONError) -> [PlayerAchievementFacts.AchievementState]? {
        try fields.objects(&reader, field: "achievements", element: "achievements[]") {
            reader, entryOffset throws(JSONError) -> PlayerAchievementFacts.AchievementState? in
            var apiName: String?
            var achieved: Bool?
            var unlockTime: Int64?
            while try reader.nextKey() {
                if reader.keyEquals("apiname") {
                    apiName = try fields.string(&reader, field: "apiname")
                } else if reader.keyEquals("achieved") {
                    achieved = try fields.bool(&reader, field: "achieved")
                } else if reader.keyEquals("unlocktime") {
                    unlockTime = try fields.integer(&reader, field: "unlocktime")
                } else {
                    try reader.skipValue()
                }
            }
            guard let apiName, let achieved else {
                fields.error("json.missingField", "achievements[]: entry without apiname or achieved skipped", &reader, offset: entryOffset)
                return nil
            }
            return .init(apiName: apiName, achieved: achieved, unlockTime: unlockTime == 0 ? nil : unlockTime)
        }
    }

    private func decodeGameSchema(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        guard try fields.beginObject(&reader, field: "game") else { return nil }
        var facts = GameSchemaFacts()
        while try reader.nextKey() {
            if reader.keyEquals("gameName") {
                facts.gameName = try fields.string(&reader, field: "gameName")
            } else if reader.keyEquals("gameVersion") {
                facts.gameVersion = try fields.text(&reader, field: "gameVersion")
            } else if reader.keyEquals("availableGameStats") {
                guard try fields.beginObject(&reader, field: "availableGameStats") else { continue }
                while try reader.nextKey() {
                    if reader.keyEquals("achievements") {
                        facts.achievementNames = try decodeNames(&reader, field: "achievements")
                    } else if reader.keyEquals("stats") {
                        facts.statNames = try decodeNames(&reader, field: "stats")
                    } else {
                        try reader.skipValue()
                    }
                }
            } else {
                try reader.skipValue()
            }
        }
        return .gameSchema(facts)
    }

    /// The `name` of each object in an array (schema stats and achievements).
    private func decodeNames(_ reader: inout JSONPullReader, field: StaticString) throws(JSONError) -> [String] {
        try fields.objects(&reader, field: field, element: field) { reader, entryOffset throws(JSONError) -> String? in
            var name: String?
            while try reader.nextKey() {
                if reader.keyEquals("name") {
                    name = try fields.string(&reader, field: "name")
                } else {
                    try reader.skipValue()
                }
            }
            if name == nil {
                fields.error("json.missingField", "\(field)[]: entry without name skipped", &reader, offset: entryOffset)
            }
            return name
        } ?? []
    }

    private func decodeGlobalPercentages(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        guard try fields.beginObject(&reader, field: "achievementpercentages") else { return nil }
        var entries: [GlobalAchievementFacts.Entry] = []
        while try reader.nextKey() {
            guard reader.keyEquals("achievements") else {
                try reader.skipValue()
                continue
            }
            if let list = try fields.objects(&reader, field: "achievements", element: "achievements[]", {
                reader, entryOffset throws(JSONError) -> GlobalAchievementFacts.Entry? in
                var name: String?
                var percent: Double?
                while try reader.nextKey() {
                    if reader.keyEquals("name") {
                        name = try fields.string(&reader, field: "name")
                    } else if reader.keyEquals("percent") {
                        percent = try fields.double(&reader, field: "percent", allowString: true)
                    } else {
                        try reader.skipValue()
                    }
                }
                guard let name, let percent else {
                    fields.error("json.missingField", "achievements[]: entry without name or percent skipped", &reader, offset: entryOffset)
                    return nil
                }
                return GlobalAchievementFacts.Entry(name: name, percent: percent)
            }) {
                entries += list
            }
        }
        return .globalAchievementPercentages(GlobalAchievementFacts(entries: entries))
    }
}
