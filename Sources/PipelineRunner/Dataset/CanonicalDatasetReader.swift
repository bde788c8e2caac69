import Foundation
import JSONPullReader
import PipelineCore
import PipelineSpec
import PlayerModel

/// Reads a canonical dataset directory (the output of `convert` or of a run's normalize stage) back into a
/// `PlayerDataset`, from the `.jsonl` tables. Streams each table; a bad row is a diagnostic and is skipped.
/// Missing optional tables read as empty; a missing `players.jsonl` is an error.
public enum CanonicalDatasetReader {
    public struct MissingTable: Error, CustomStringConvertible {
        public var description: String
    }

    /// `lineRuns`: read only these runs of lines of the tables (a table it names no runs of reads as empty).
    public static func read(directory: URL, diagnostics: some DiagnosticSink, lineRuns: DatasetLineRuns? = nil) throws -> PlayerDataset {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("players.jsonl").path) else {
            throw MissingTable(description: "\(directory.path) has no players.jsonl (run `steam-mate convert` or a pipeline with the normalize stage, with the jsonl format)")
        }
        var dataset = PlayerDataset()
        func each(_ name: String, _ body: (inout CanonicalRowReader) throws -> Void) throws {
            try forEachRow(directory, name, diagnostics, runs: lineRuns?.runs(of: name), body)
        }
        try each("players") { row in dataset.players.append(try readPlayer(&row)) }
        try each("player_games") { row in dataset.games.append(try readGame(&row)) }
        try each("friendships") { row in dataset.friendships.append(try readFriendship(&row)) }
        try each("groups") { row in dataset.groups.append(try readGroup(&row)) }
        try each("group_members") { row in dataset.groupMembers.append(try readMembership(&row)) }
        try each("achievements") { row in dataset.achievements.append(try readAchievement(&row)) }
        try each("preferences") { row in dataset.preferences.append(try readPreferences(&row)) }
        dataset.sortCanonically()
        return dataset
    }

    /// Streams `<name>.jsonl` line by line, or only its `runs` of lines when given (none: no lines; a missing file
    /// they name bytes of is refused).
    static func forEachRow(_ directory: URL, _ name: String, _ diagnostics: some DiagnosticSink, runs: [Range<Int>]? = nil,
                           _ body: (inout CanonicalRowReader) throws -> Void) throws {
        let url = directory.appendingPathComponent("\(name).jsonl")
        var chunks: ChunkedLineReader
        if let runs {
            guard !runs.isEmpty else { return }
            chunks = try ChunkedLineReader(url: url, runs: runs[...])
        } else {
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            chunks = try ChunkedLineReader(url: url)
        }
        let file = diagnosticFile(name, fromRuns: runs != nil)
        try forEachRow(of: &chunks) { bytes in
            var row = CanonicalRowReader(bytes: bytes)
            try body(&row)
        } failed: { line, error in
            diagnostics.error("dataset.badRow", "cannot read this row of \(name).jsonl: \(error)",
                              at: SourceLocation(file: file, line: line))
        }
    }

    /// The file a bad row's diagnostic names: `<name>.jsonl`, or `<name>.jsonl[runs]` for lines read from runs (they
    /// are numbered through the runs, not as in the file).
    static func diagnosticFile(_ name: String, fromRuns: Bool) -> String {
        fromRuns ? "\(name).jsonl[runs]" : "\(name).jsonl"
    }

    /// Calls `body` with every non-blank line of `chunks` (without its line feed), and `failed` with the line number
    /// (as `chunks` numbers them) and error of each line `body` throws on. Returns how many lines ended with a line
    /// feed (every line of a piece but a file's unterminated last one).
    @discardableResult
    static func forEachRow(of chunks: inout ChunkedLineReader, _ body: (UnsafeRawBufferPointer) throws -> Void,
                           failed: (Int, any Error) -> Void) throws -> Int {
        var buffer: [UInt8] = []
        var terminated = 0
        while let chunkLine = try chunks.next(into: &buffer) {
            var line = chunkLine
            buffer.withUnsafeBytes { raw in
                var start = 0
                while start < raw.count {
                    let end = memchr(raw.baseAddress! + start, 0x0A, raw.count - start)
                        .map { UnsafeRawPointer($0) - raw.baseAddress! } ?? raw.count
                    let slice = UnsafeRawBufferPointer(rebasing: raw[start..<end])
                    if slice.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) {
                        do {
                            try body(slice)
                        } catch {
                            failed(line, error)
                        }
                    }
                    if end < raw.count { terminated += 1 }
                    start = end + 1
                    line += 1
                }
            }
        }
        return terminated
    }

    static func sources(_ row: inout CanonicalRowReader, _ token: JSONToken) throws -> [String] { try row.strings(token) }

    static func id(_ row: CanonicalRowReader, _ token: JSONToken) throws -> SteamID64 {
        guard let text = row.string(token), let id = SteamID64(text) else { throw CanonicalRowReader.RowError(message: "bad steamid") }
        return id
    }

    static func readPlayer(_ row: inout CanonicalRowReader) throws -> Player {
        var player = Player(steamID: SteamID64(accountID: 1)!)
        var sawID = false
        try row.readObject(keys: [
            "steamid", "persona_name", "profile_url", "custom_url", "real_name", "visibility", "country", "state", "city_id",
            "location_text", "latitude", "longitude", "location_accuracy_km", "member_since", "time_created", "last_logoff",
            "primary_group_id", "vac_banned", "vac_ban_count", "game_bans", "community_banned", "economy_ban",
            "days_since_last_ban", "trade_ban_state", "games_known", "friends_known", "sources",
        ]) { row, key, token in
            switch key {
            case 0: player.steamID = try id(row, token); sawID = true
            case 1: player.personaName = row.string(token)
            case 2: player.profileURL = row.string(token)
            case 3: player.customURL = row.string(token)
            case 4: player.realName = row.string(token)
            case 5: player.visibility = row.string(token).flatMap(Visibility.init(rawValue:)) ?? .unknown
            case 6: player.country = row.string(token)
            case 7: player.state = row.string(token)
            case 8: player.cityID = try row.int(token).map(Int.init)
            case 9: player.locationText = row.string(token)
            case 10: player.latitude = try row.double(token)
            case 11: player.longitude = try row.double(token)
            case 12: player.locationAccuracyKm = try row.double(token)
            case 13: player.memberSince = row.string(token)
            case 14: player.timeCreated = try row.int(token)
            case 15: player.lastLogoff = try row.int(token)
            case 16: player.primaryGroupID = row.string(token).flatMap { GroupID64($0) }
            case 17: player.vacBanned = try row.bool(token)
            case 18: player.vacBanCount = try row.int(token).map(Int.init)
            case 19: player.gameBans = try row.int(token).map(Int.init)
            case 20: player.communityBanned = try row.bool(token)
            case 21: player.economyBan = row.string(token)
            case 22: player.daysSinceLastBan = try row.int(token).map(Int.init)
            case 23: player.tradeBanState = row.string(token)
            case 24: player.gamesKnown = try row.bool(token) ?? false
            case 25: player.friendsKnown = try row.bool(token) ?? false
            case 26: player.sources = try sources(&row, token)
            default: return false
            }
            return true
        }
        guard sawID else { throw CanonicalRowReader.RowError(message: "missing steamid") }
        try checkLocation(latitude: player.latitude, longitude: player.longitude, accuracyKm: player.locationAccuracyKm)
        return player
    }

    /// Coordinates on Earth and an accuracy radius that is a distance on it; anything else is a row error (the
    /// pairing geometry assumes both).
    static func checkLocation(latitude: Double?, longitude: Double?, accuracyKm: Double?) throws {
        if let latitude, !(latitude.isFinite && (-90...90).contains(latitude)) {
            throw CanonicalRowReader.RowError(message: "latitude \(latitude) is outside -90…90")
        }
        if let longitude, !(longitude.isFinite && (-180...180).contains(longitude)) {
            throw CanonicalRowReader.RowError(message: "longitude \(longitude) is outside -180…180")
        }
        if let accuracyKm, !OptionRanges.distanceKm.contains(accuracyKm) {
            throw CanonicalRowReader.RowError(message: "location_accuracy_km \(accuracyKm) is outside 0…20100")
        }
    }

    /// A playtime within `PlayerGame.minutesRange`, or a row error.
    static func minutes(_ value: Int64?) throws -> Int? {
        guard let value else { return nil }
        guard let minutes = Int(exactly: value), PlayerGame.minutesRange.contains(minutes) else {
            throw CanonicalRowReader.RowError(message: "playtime \(value) is outside 0…\(PlayerGame.minutesRange.upperBound) minutes")
        }
        return minutes
    }

    static func readGame(_ row: inout CanonicalRowReader) throws -> PlayerGame {
        var steamID: SteamID64?, appID: Int64?
        var game = PlayerGame(steamID: SteamID64(accountID: 1)!, appID: 0, minutesTotal: 0)
        try row.readObject(keys: ["steamid", "appid", "name", "minutes_total", "minutes_2weeks", "last_played", "sources"]) { row, key, token in
            switch key {
            case 0: steamID = try id(row, token)
            case 1: appID = try row.int(token)
            case 2: game.name = row.string(token)
            case 3: game.minutesTotal = try minutes(row.int(token)) ?? 0
            case 4: game.minutes2Weeks = try minutes(row.int(token))
            case 5: game.lastPlayed = try row.int(token)
            case 6: game.sources = try sources(&row, token)
            default: return false
            }
            return true
        }
        guard let steamID, let appID, let app = UInt32(exactly: appID) else { throw CanonicalRowReader.RowError(message: "missing steamid or appid") }
        game.steamID = steamID
        game.appID = app
        return game
    }

    static func readFriendship(_ row: inout CanonicalRowReader) throws -> Friendship {
        var a: SteamID64?, b: SteamID64?, since: Int64?, list: [String] = []
        try row.readObject(keys: ["steamid_a", "steamid_b", "friend_since", "sources"]) { row, key, token in
            switch key {
            case 0: a = try id(row, token)
            case 1: b = try id(row, token)
            case 2: since = try row.int(token)
            case 3: list = try sources(&row, token)
            default: return false
            }
            return true
        }
        guard let a, let b else { throw CanonicalRowReader.RowError(message: "missing steamid_a or steamid_b") }
        return Friendship(a, b, friendSince: since, sources: list)
    }

    static func readGroup(_ row: inout CanonicalRowReader) throws -> Group {
        var group: Group?
        var name: String?, url: String?, headline: String?, count: Int64?, list: [String] = []
        try row.readObject(keys: ["groupid", "name", "url", "headline", "member_count", "sources"]) { row, key, token in
            switch key {
            case 0: group = row.string(token).flatMap { GroupID64($0) }.map { Group(groupID: $0) }
            case 1: name = row.string(token)
            case 2: url = row.string(token)
            case 3: headline = row.string(token)
            case 4: count = try row.int(token)
            case 5: list = try sources(&row, token)
            default: return false
            }
            return true
        }
        guard let id = group?.groupID else { throw CanonicalRowReader.RowError(message: "missing groupid") }
        return Group(groupID: id, name: name, url: url, headline: headline, memberCount: count.map(Int.init), sources: list)
    }

    static func readMembership(_ row: inout CanonicalRowReader) throws -> GroupMembership {
        var group: GroupID64?, player: SteamID64?, list: [String] = []
        try row.readObject(keys: ["groupid", "steamid", "sources"]) { row, key, token in
            switch key {
            case 0: group = row.string(token).flatMap { GroupID64($0) }
            case 1: player = try id(row, token)
            case 2: list = try sources(&row, token)
            default: return false
            }
            return true
        }
        guard let group, let player else { throw CanonicalRowReader.RowError(message: "missing groupid or steamid") }
        return GroupMembership(groupID: group, steamID: player, sources: list)
    }

    static func readAchievement(_ row: inout CanonicalRowReader) throws -> AchievementProgress {
        var player: SteamID64?, appID: Int64?, name: String?, achieved: Int64?, total: Int64?, mean: Double?, list: [String] = []
        try row.readObject(keys: ["steamid", "appid", "game_name", "achieved", "total", "achieved_global_percent_mean", "sources"]) { row, key, token in
            switch key {
            case 0: player = try id(row, token)
            case 1: appID = try row.int(token)
            case 2: name = row.string(token)
            case 3: achieved = try row.int(token)
            case 4: total = try row.int(token)
            case 5: mean = try row.double(token)
            case 6: list = try sources(&row, token)
            default: return false
            }
            return true
        }
        guard let player else { throw CanonicalRowReader.RowError(message: "missing steamid") }
        return AchievementProgress(steamID: player, appID: appID.flatMap { UInt32(exactly: $0) }, gameName: name,
                                   achieved: Int(achieved ?? 0), total: Int(total ?? 0), achievedGlobalPercentMean: mean, sources: list)
    }

    static func readPreferences(_ row: inout CanonicalRowReader) throws -> PlayerPreferences {
        var prefs = PlayerPreferences(steamID: SteamID64(accountID: 1)!)
        var sawID = false
        try row.readObject(keys: ["steamid", "favorite_appids", "max_distance_km", "anywhere", "languages", "time_zone",
                                  "availability", "availability_utc_hours", "sources", "lobbies"]) { row, key, token in
            switch key {
            case 0: prefs.steamID = try id(row, token); sawID = true
            case 1: prefs.favoriteAppIDs = try row.ints(token).compactMap { UInt32(exactly: $0) }
            case 2: prefs.maxDistanceKm = try row.double(token)
            case 3: prefs.anywhere = try row.bool(token) ?? false
            case 4: prefs.languages = try row.strings(token)
            case 5: prefs.timeZone = row.string(token)
            case 6: prefs.availabilityText = try row.strings(token)
            case 7:
                if token == .null { prefs.availability = nil; return true }
                var mask = WeeklyHourMask()
                for hour in try row.ints(token) { mask.insert(hour: Int(hour)) }
                prefs.availability = mask
            case 8: prefs.sources = try sources(&row, token)
            case 9:
                prefs.lobbies = try row.strings(token).map { text in
                    guard let request = LobbyRequest(text: text) else {
                        throw CanonicalRowReader.RowError(message: "lobbies: '\(text)' is not appid:min-max:roles:group")
                    }
                    return request
                }
            default: return false
            }
            return true
        }
        guard sawID else { throw CanonicalRowReader.RowError(message: "missing steamid") }
        return prefs
    }
}
