import Foundation
import PipelineCore
import PlayerModel

/// Reads each public player's hero pool (hero id → games) from a canonical dataset's `dota_match_players.jsonl`
/// (written by `convert` when Dota 2 documents were read): one row per player of a merged match, so each row is
/// one game. Rows without a steamid (anonymous, bots) or a hero are skipped; a bad row is a diagnostic.
/// No table: an empty pool for everyone.
public enum DotaHeroPoolReader {
    public static let table = "dota_match_players"

    public static func read(directory: URL, diagnostics: some DiagnosticSink) throws -> [SteamID64: [Int: Int]] {
        var pools: [SteamID64: [Int: Int]] = [:]
        try CanonicalDatasetReader.forEachRow(directory, table, diagnostics) { row in
            var id: SteamID64?
            var hero: Int64?
            try row.readObject(keys: ["steamid", "hero_id"]) { row, key, token in
                switch key {
                case 0: id = row.string(token).flatMap { SteamID64($0) }
                case 1: hero = try row.int(token)
                default: return false
                }
                return true
            }
            guard let id, let hero, hero > 0, hero < Int64(Int32.max) else { return }
            pools[id, default: [:]][Int(hero), default: 0] += 1
        }
        return pools
    }
}
