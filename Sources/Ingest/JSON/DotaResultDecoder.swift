import JSONPullReader
import PipelineCore
import PlayerModel

/// Decodes the `result` object of the Dota 2 Web API (and GetHeroes' bare `heroes` array), detecting the
/// endpoint from the keys present:
/// - `heroes` → GetHeroes (with or without `count`/`status`);
/// - `matches` with `num_results`/`total_results`/`results_remaining` → GetMatchHistory, `matches` alone →
///   GetMatchHistoryBySequenceNum (its entries are full match records);
/// - `players`/`match_id`/`radiant_win` → GetMatchDetails.
///
/// A `status` other than 1 (200 for GetHeroes), e.g. 15 "cannot get match history for a user that hasn't
/// allowed it", and a `result.error` are the warning `dota.status` (the document is kept with no matches).
/// Unknown and newer keys are skipped; both `start_time` and the older `starttime` are read.
struct DotaResultDecoder<Sink: DiagnosticSink> {
    let fields: JSONFieldReader<Sink>

    /// `result` (its value not yet read).
    func decodeResult(_ reader: inout JSONPullReader) throws(JSONError) -> SteamDocument? {
        guard try fields.beginObject(&reader, field: "result") else { return nil }
        let startOffset = reader.tokenOffset
        var status: Int?
        var statusOffset = startOffset
        var statusDetail: String?
        var heroes: [DotaHeroFacts]?
        var matches: [DotaMatchFacts]?
        var sawHistoryCounts = false
        var single = MatchFields(isDetailed: true)
        while try reader.nextKey() {
            if reader.keyEquals("status") {
                statusOffset = reader.tokenOffset
                status = try fields.int(&reader, field: "status")
            } else if reader.keyEquals("statusDetail") || reader.keyEquals("error") {
                if status == nil { statusOffset = reader.tokenOffset }
                statusDetail = try fields.text(&reader, field: "statusDetail")
            } else if reader.keyEquals("heroes") {
                heroes = try decodeHeroes(&reader)
            } else if reader.keyEquals("matches") {
                matches = try decodeMatches(&reader)
            } else if reader.keyEquals("num_results") || reader.keyEquals("total_results") || reader.keyEquals("results_remaining") {
                sawHistoryCounts = true
                try reader.skipValue()
            } else if try single.consume(&reader, fields) {
                continue
            } else {
                try reader.skipValue()
            }
        }
        let kind: DotaFacts.Kind
        if heroes != nil {
            kind = .heroes
        } else if matches != nil || sawHistoryCounts {
            kind = sawHistoryCounts ? .matchHistory : .matchHistoryBySequenceNum
        } else if single.sawMatchKey {
            kind = .matchDetails
        } else if status != nil || statusDetail != nil {
            // A refusal carries no payload key; GetMatchHistory is the endpoint that answers with a bare status.
            kind = statusDetail != nil && status == nil ? .matchDetails : .matchHistory
        } else {
            fields.error("json.unknownKind", "result has no key of a known Dota 2 Web API method", &reader, offset: startOffset)
            return nil
        }
        let okStatus = kind == .heroes ? 200 : 1
        if let status, status != okStatus, !(kind == .heroes && status == 1) {
            let detail = statusDetail.map { ": \($0)" } ?? ""
            fields.warning("dota.status", "Dota 2 Web API answered status \(status)\(detail); no matches read from it", &reader,
                           offset: statusOffset)
            return .dota(DotaFacts(kind: kind, matches: [], heroes: kind == .heroes ? [] : nil))
        }
        if status == nil, let statusDetail {
            fields.warning("dota.status", "Dota 2 Web API answered an error: \(statusDetail)", &reader, offset: statusOffset)
            return .dota(DotaFacts(kind: kind))
        }
        switch kind {
        case .heroes:
            return .dota(DotaFacts(kind: .heroes, heroes: heroes ?? []))
        case .matchHistory, .matchHistoryBySequenceNum:
            return .dota(DotaFacts(kind: kind, matches: matches ?? []))
        case .matchDetails:
            guard let match = single.finish(fields, &reader, offset: startOffset) else { return nil }
            return .dota(DotaFacts(kind: .matchDetails, matches: [match]))
        }
    }

    /// A `heroes` array (the value not yet read): GetHeroes' list, or a saved bare list at the top level.
    func decodeHeroes(_ reader: inout JSONPullReader) throws(JSONError) -> [DotaHeroFacts]? {
        try fields.objects(&reader, field: "heroes", element: "heroes[]") { reader, entryOffset throws(JSONError) in
            try decodeHero(&reader, entryOffset: entryOffset)
        }
    }

    /// One hero object (the `{` already read).
    func decodeHero(_ reader: inout JSONPullReader, entryOffset: Int) throws(JSONError) -> DotaHeroFacts? {
        var id: Int?
        var hero = DotaHeroFacts(id: 0)
        while try reader.nextKey() {
            if reader.keyEquals("id") {
                id = try fields.int(&reader, field: "id")
            } else if reader.keyEquals("name") {
                hero.name = try fields.string(&reader, field: "name")
            } else if reader.keyEquals("localized_name") {
                hero.localizedName = try fields.string(&reader, field: "localized_name")
            } else {
                try reader.skipValue()
            }
        }
        guard let id, (1...65_535).contains(id) else {
            fields.error("dota.badHero", "heroes[]: entry without a valid id (1…65535) skipped", &reader, offset: entryOffset)
            return nil
        }
        hero.id = id
        return hero
    }

    private func decodeMatches(_ reader: inout JSONPullReader) throws(JSONError) -> [DotaMatchFacts]? {
        try fields.objects(&reader, field: "matches", element: "matches[]") { reader, entryOffset throws(JSONError) in
            var match = MatchFields(isDetailed: false)
            while try reader.nextKey() {
                if try !match.consume(&reader, fields) { try reader.skipValue() }
            }
            return match.finish(fields, &reader, offset: entryOffset)
        }
    }

    // MARK: - One match

    /// The fields of one match object, read key by key (a details `result` or a `matches[]` entry).
    struct MatchFields {
        var match = DotaMatchFacts(matchID: 0)
        var matchID: UInt64?
        var sawMatchKey = false
        var sawPlayers = false
        /// Full records (details, sequence) have `duration` or `radiant_win`; history entries do not.
        var isDetailed: Bool

        init(isDetailed: Bool) {
            self.isDetailed = isDetailed
        }

        /// Reads the current key's value if it is a match field; `false` (value not read) otherwise.
        mutating func consume(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) -> Bool {
            if reader.keyEquals("match_id") {
                sawMatchKey = true
                let value = try fields.integer(&reader, field: "match_id", allowString: true)
                if let value, value > 0 {
                    matchID = UInt64(value)
                } else if let value {
                    fields.error("dota.badMatch", "match_id: \(value) is not a valid match id", &reader)
                }
            } else if reader.keyEquals("players") {
                sawMatchKey = true
                sawPlayers = true
                match.players = try Self.decodePlayers(&reader, fields) ?? []
            } else if reader.keyEquals("start_time") || reader.keyEquals("starttime") {
                let start = try fields.integer(&reader, field: "start_time")
                if let start, start < 0 || start > UInt32.max {
                    fields.error("dota.badValue", "start_time: \(start) is not a Unix time between 1970 and 2106", &reader)
                } else {
                    match.startTime = start.flatMap { $0 > 0 ? $0 : nil }
                }
            } else if reader.keyEquals("duration") {
                isDetailed = true
                match.duration = try Self.nonNegative(&reader, fields, field: "duration")
                if let duration = match.duration, duration > Self.longestDuration {
                    fields.error("dota.badValue", "duration: \(duration) s is longer than a week", &reader)
                    match.duration = nil
                }
            } else if reader.keyEquals("radiant_win") {
                sawMatchKey = true
                isDetailed = true
                match.radiantWin = try fields.bool(&reader, field: "radiant_win")
            } else if reader.keyEquals("match_seq_num") {
                match.matchSeqNum = try fields.integer(&reader, field: "match_seq_num").flatMap { $0 > 0 ? UInt64($0) : nil }
            } else if reader.keyEquals("game_mode") {
                match.gameMode = try Self.nonNegative(&reader, fields, field: "game_mode")
            } else if reader.keyEquals("lobby_type") {
                match.lobbyType = try fields.int(&reader, field: "lobby_type")
            } else if reader.keyEquals("first_blood_time") {
                match.firstBloodTime = try Self.nonNegative(&reader, fields, field: "first_blood_time")
            } else if reader.keyEquals("leagueid") {
                match.leagueID = try Self.nonNegative(&reader, fields, field: "leagueid")
            } else if reader.keyEquals("human_players") {
                match.humanPlayers = try Self.nonNegative(&reader, fields, field: "human_players")
            } else {
                return false
            }
            return true
        }

        /// The match, or `nil` (reported) without a valid id. A match with no players is kept and reported.
        func finish(_ fields: JSONFieldReader<Sink>, _ reader: inout JSONPullReader, offset: Int) -> DotaMatchFacts? {
            guard let matchID else {
                fields.error("dota.badMatch", "match without a valid match_id skipped", &reader, offset: offset)
                return nil
            }
            var result = match
            result.matchID = matchID
            result.isDetailed = isDetailed
            result.line = fields.location(&reader, offset: offset).line
            if result.players.isEmpty {
                fields.error("dota.noPlayers", "match \(matchID) lists no players\(sawPlayers ? "" : " (no players key)"); kept without players",
                             &reader, offset: offset)
            }
            return result
        }

        /// Longer durations are reported, not summed (so averages cannot overflow).
        static var longestDuration: Int { 7 * 86_400 }

        static func nonNegative(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>, field: StaticString) throws(JSONError) -> Int? {
            guard let value = try fields.int(&reader, field: field) else { return nil }
            guard value >= 0 else {
                fields.error("dota.badValue", "\(field): \(value) is negative", &reader)
                return nil
            }
            return value
        }

        /// A non-negative value up to `max` (what `DotaPlayerFacts` stores); anything else is reported and dropped.
        static func bounded(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>, field: StaticString, max: Int) throws(JSONError) -> Int? {
            guard let value = try nonNegative(&reader, fields, field: field) else { return nil }
            guard value <= max else {
                fields.error("dota.badValue", "\(field): \(value) is over \(max)", &reader)
                return nil
            }
            return value
        }

        static func decodePlayers(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) -> [DotaPlayerFacts]? {
            try fields.objects(&reader, field: "players", element: "players[]", reserve: 10) { reader, entryOffset throws(JSONError) in
                try decodePlayer(&reader, fields, entryOffset: entryOffset)
            }
        }

        /// One `players[]` entry (the `{` already read). No `account_id` key is a bot; 4294967295 is an
        /// anonymous player; a key that starts with `account` but is not `account_id` is a corrupted id
        /// (`dota.corruptedKey`, the player kept as unknown).
        @inline(__always)
        static func decodePlayer(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>,
                                 entryOffset: Int) throws(JSONError) -> DotaPlayerFacts? {
            var account = DotaAccount.bot
            var sawAccountID = false
            var corruptedKey: (key: String, offset: Int)?
            var slot: Int?
            var slotReported = false
            var player = DotaPlayerFacts(account: .bot, slot: 0)
            while try reader.nextKey() {
                if reader.keyEquals("account_id") {
                    sawAccountID = true
                    account = try readAccount(&reader, fields)
                } else if reader.keyEquals("player_slot") {
                    slot = try fields.int(&reader, field: "player_slot")
                    if let value = slot, !(0...255).contains(value) {
                        fields.error("dota.badSlot", "player_slot: \(value) is outside 0…255; player skipped", &reader)
                        slot = nil
                        slotReported = true
                    }
                } else if reader.keyEquals("hero_id") {
                    let hero = try fields.int(&reader, field: "hero_id")
                    if let hero, hero < 0 || hero > 65_535 {
                        fields.error("dota.badValue", "hero_id: \(hero) is outside 0…65535", &reader)
                    } else {
                        player.heroID = hero == 0 ? nil : hero
                    }
                } else if reader.keyEquals("kills") {
                    player.kills = try bounded(&reader, fields, field: "kills", max: DotaPlayerFacts.maxCount)
                } else if reader.keyEquals("deaths") {
                    player.deaths = try bounded(&reader, fields, field: "deaths", max: DotaPlayerFacts.maxCount)
                } else if reader.keyEquals("assists") {
                    player.assists = try bounded(&reader, fields, field: "assists", max: DotaPlayerFacts.maxCount)
                } else if reader.keyEquals("leaver_status") {
                    player.leaverStatus = try bounded(&reader, fields, field: "leaver_status", max: DotaPlayerFacts.maxLeaverStatus)
                } else if reader.withStringBytes({ $0.count >= 7 && $0.first == UInt8(ascii: "a") && $0.starts(with: "account".utf8) }) {
                    corruptedKey = (reader.string(), reader.tokenOffset)
                    try reader.skipValue()
                } else {
                    try reader.skipValue()
                }
            }
            if let corruptedKey, !sawAccountID {
                // Without it the player would pass for a bot; with account_id present it is a newer field.
                fields.error("dota.corruptedKey", "players[]: key \"\(corruptedKey.key)\" instead of account_id; the player is kept with an unknown account",
                             &reader, offset: corruptedKey.offset)
                account = .unknown
            }
            guard let slot else {
                if slotReported { return nil }
                fields.error("dota.badSlot", "players[]: entry without a valid player_slot skipped", &reader, offset: entryOffset)
                return nil
            }
            player.account = account
            player.slot = UInt8(slot)
            return player
        }

        private static func readAccount(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) -> DotaAccount {
            guard let value = try fields.integer(&reader, field: "account_id", allowString: true) else { return .unknown }
            if value == DotaAccount.anonymousAccountID { return .anonymous }
            if let accountID = UInt32(exactly: value), let id = SteamID64(accountID: accountID) { return .player(id) }
            fields.error("dota.badAccount", "account_id: \(value) is not a 32-bit account id; the player is kept with an unknown account",
                         &reader)
            return .unknown
        }
    }
}
