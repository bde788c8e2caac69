import Foundation
import PipelineCore
import PlayerModel

/// A minimal reader for the four canonical tables pairing needs (`players`, `player_games`, `friendships`,
/// `preferences` as JSON Lines in a canonical dataset directory). Stand-in until `CanonicalDatasetReader`
/// lands on main; bad lines become `dataset.*` diagnostics.
public enum PairingDatasetReader {
    public static func read(directory: URL, sink: any DiagnosticSink) throws -> PlayerDataset {
        var dataset = PlayerDataset()
        let players = directory.appendingPathComponent("players.jsonl")
        guard FileManager.default.fileExists(atPath: players.path) else {
            throw Diagnostic.error("dataset.missingTable", "no players.jsonl in the dataset directory",
                                   at: SourceLocation(file: "players.jsonl"))
        }
        forEachObject(players, "players.jsonl", sink) { o, at in
            guard let id = steamID(o["steamid"]) else { return sink.error("dataset.invalidSteamID", "bad steamid", at: at) }
            var p = Player(steamID: id, visibility: Visibility(rawValue: o["visibility"] as? String ?? "") ?? .unknown)
            p.personaName = o["persona_name"] as? String
            p.latitude = double(o["latitude"])
            p.longitude = double(o["longitude"])
            p.locationAccuracyKm = double(o["location_accuracy_km"])
            p.country = o["country"] as? String
            p.gamesKnown = o["games_known"] as? Bool ?? false
            p.friendsKnown = o["friends_known"] as? Bool ?? false
            dataset.players.append(p)
        }
        forEachObject(directory.appendingPathComponent("player_games.jsonl"), "player_games.jsonl", sink) { o, at in
            guard let id = steamID(o["steamid"]), let app = int(o["appid"]), app >= 0, app <= Int(UInt32.max) else {
                return sink.error("dataset.invalidRow", "player_games row needs steamid and appid", at: at)
            }
            dataset.games.append(PlayerGame(steamID: id, appID: UInt32(app), name: o["name"] as? String,
                                            minutesTotal: int(o["minutes_total"]) ?? 0,
                                            minutes2Weeks: int(o["minutes_2weeks"])))
        }
        forEachObject(directory.appendingPathComponent("friendships.jsonl"), "friendships.jsonl", sink) { o, at in
            guard let a = steamID(o["steamid_a"]), let b = steamID(o["steamid_b"]) else {
                return sink.error("dataset.invalidRow", "friendships row needs steamid_a and steamid_b", at: at)
            }
            dataset.friendships.append(Friendship(a, b))
        }
        forEachObject(directory.appendingPathComponent("preferences.jsonl"), "preferences.jsonl", sink) { o, at in
            guard let id = steamID(o["steamid"]) else { return sink.error("dataset.invalidSteamID", "bad steamid", at: at) }
            var p = PlayerPreferences(steamID: id)
            p.favoriteAppIDs = (o["favorite_appids"] as? [Any] ?? []).compactMap { int($0) }.filter { $0 >= 0 }.map { UInt32($0) }
            p.maxDistanceKm = double(o["max_distance_km"])
            p.anywhere = o["anywhere"] as? Bool ?? false
            p.languages = (o["languages"] as? [Any] ?? []).compactMap { $0 as? String }.sorted()
            p.timeZone = o["time_zone"] as? String
            if let hours = o["availability_utc_hours"] as? [Any] {
                var mask = WeeklyHourMask()
                for h in hours.compactMap({ int($0) }) where (0..<168).contains(h) { mask.insert(hour: h) }
                p.availability = mask.count > 0 ? mask : nil
            }
            dataset.preferences.append(p)
        }
        dataset.sortCanonically()
        return dataset
    }

    static func forEachObject(_ url: URL, _ name: String, _ sink: any DiagnosticSink,
                              _ body: ([String: Any], SourceLocation) -> Void) {
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        var line = 0
        for slice in data.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            let at = SourceLocation(file: name, line: line)
            guard let object = (try? JSONSerialization.jsonObject(with: Data(slice))) as? [String: Any] else {
                sink.error("dataset.invalidJSON", "not a JSON object", at: at)
                continue
            }
            body(object, at)
        }
    }

    static func steamID(_ value: Any?) -> SteamID64? { (value as? String).flatMap { SteamID64($0) } }

    static func double(_ value: Any?) -> Double? {
        guard let n = value as? NSNumber, !(value is Bool) else { return nil }
        let d = n.doubleValue
        return d.isFinite ? d : nil
    }

    static func int(_ value: Any?) -> Int? {
        guard let n = value as? NSNumber else { return nil }
        let d = n.doubleValue
        guard d.isFinite, d == d.rounded(), abs(d) < 9.0e15 else { return nil }
        return n.intValue
    }
}
