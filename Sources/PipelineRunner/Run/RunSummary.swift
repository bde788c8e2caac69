import PipelineCore

/// What a run did, for the operator: printed on stderr and written to `run_summary.json`.
/// Holds counts only (no times, no absolute paths), so the file is byte-stable.
public struct RunSummary: Codable, Sendable, Equatable {
    public var pipeline: String
    public var filesRead: Int
    public var bytesRead: Int
    public var documents: Int
    public var documentsByKind: [String: Int]
    public var players: Int
    public var playerGames: Int
    public var friendships: Int
    public var groups: Int
    public var errors: Int
    public var warnings: Int
    /// Extra figures from later stages (pairings, matches, trades), by name.
    public var stages: [String: Int]

    enum CodingKeys: String, CodingKey {
        case pipeline, documents, players, friendships, groups, errors, warnings, stages
        case filesRead = "files_read"
        case bytesRead = "bytes_read"
        case documentsByKind = "documents_by_kind"
        case playerGames = "player_games"
    }

    /// One human line, e.g. `default: 27 files read, 230 players, 5123 games, 812 friendships, 0 errors, 2 warnings`.
    public var line: String {
        var parts = ["\(filesRead) files read", "\(players) players", "\(playerGames) games", "\(friendships) friendships"]
        for (name, value) in stages.sorted(by: { $0.key < $1.key }) { parts.append("\(value) \(name.replacingOccurrences(of: "_", with: " "))") }
        parts.append("\(errors) error\(errors == 1 ? "" : "s")")
        parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")")
        return "\(pipeline): " + parts.joined(separator: ", ")
    }
}

extension RunSummary {
    /// The summary of an ingest result and the run's sorted diagnostics.
    init(pipeline: String, ingested: DatasetIngestor.Result, diagnostics sorted: [Diagnostic], stages: [String: Int]) {
        let rows = ingested.rows
        self.init(pipeline: pipeline, filesRead: ingested.filesRead, bytesRead: ingested.bytesRead,
                  documents: ingested.documents, documentsByKind: ingested.documentCounts, players: rows.players,
                  playerGames: rows.games, friendships: rows.friendships, groups: rows.groups,
                  errors: sorted.filter { $0.severity == .error }.count, warnings: sorted.filter { $0.severity == .warning }.count,
                  stages: stages)
    }
}
