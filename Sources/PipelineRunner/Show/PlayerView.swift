import Foundation

/// `steam-mate show STEAMID OUT`: one player's view of an output directory, as readable text: who they are,
/// their pairings with the reasons, their matches and trades, and their Dota 2 summary and weekly progress
/// when the run had Dota data. Sections whose table is absent from the directory are left out.
public struct PlayerView: Sendable {
    public var steamID: String
    public var outputDirectory: URL

    public init(steamID: String, outputDirectory: URL) {
        self.steamID = steamID
        self.outputDirectory = outputDirectory
    }

    public enum Failure: Error, CustomStringConvertible {
        case notAnOutputDirectory(String)
        case playerNotFound(String)

        public var description: String {
            switch self {
            case .notAnOutputDirectory(let path): "\(path) is not a steam-mate output directory (no manifest.json)"
            case .playerNotFound(let id): "player \(id) appears in no table of this output"
            }
        }
    }

    /// The text, or a failure when the directory is not an output or the player is in none of its tables.
    public func render() throws -> String {
        guard FileManager.default.fileExists(atPath: outputDirectory.appendingPathComponent("manifest.json").path) else {
            throw Failure.notAnOutputDirectory(outputDirectory.path)
        }
        let reader = OutputRowReader(directory: outputDirectory)
        let me: Set<String> = [steamID]
        var sections = PlayerViewSections(steamID: steamID)
        sections.profile = try reader.rows("players", where: ["steamid"], in: me).first
        sections.games = try reader.rows("player_games", where: ["steamid"], in: me)
        sections.friendCount = try reader.rows("friendships", where: ["steamid_a", "steamid_b"], in: me).count
        sections.pairings = try reader.rows("pairings", where: ["steamid"], in: me)
        sections.unpaired = try reader.rows("unpaired", where: ["steamid"], in: me).first
        sections.matches = try reader.rows("matches", where: ["a", "b"], in: me)
        sections.trades = try reader.rows("trade_loops", where: ["giver", "receiver"], in: me)
        sections.dotaStats = try reader.rows("dota_player_stats", where: ["steamid"], in: me).first
        sections.dotaProgress = try reader.rows("dota_progress", where: ["steamid"], in: me)
        sections.dotaMatches = try reader.rows("dota_match_players", where: ["steamid"], in: me)
        var others = Set(sections.pairings.compactMap { $0["candidate"] as? String })
        for match in sections.matches { for key in ["a", "b"] { if let id = match[key] as? String { others.insert(id) } } }
        others.remove(steamID)
        for row in try reader.rows("players", where: ["steamid"], in: others) {
            if let id = row["steamid"] as? String, let name = row["persona_name"] as? String { sections.names[id] = name }
        }
        guard sections.mentionsPlayer else { throw Failure.playerNotFound(steamID) }
        return sections.text()
    }
}
