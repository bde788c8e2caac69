import PipelineCore
import PlayerModel

/// Where a document came from, and what its context says about it.
public struct DocumentOrigin: Sendable, Hashable, Codable {
    /// Path relative to the dataset root (never absolute, so outputs are portable).
    public var file: String
    /// The line of a JSON Lines bundle this document was on; `nil` for a whole file.
    public var line: Int?
    /// `fetched_at` of the bundle envelope (RFC 3339 text, compared as UTC), if any.
    public var fetchedAt: String?
    /// The owner implied by the context: a `players/<steamid64>/` directory or an envelope's `steamid`.
    public var owner: SteamID64?
    /// The app implied by the context: an `apps/<appid>/` directory or an envelope's `appid`.
    public var appID: UInt32?
    /// The envelope's `source` (e.g. `GetOwnedGames`), used only as a cross-check of the detected kind.
    public var declaredKind: String?

    public init(file: String, line: Int? = nil, fetchedAt: String? = nil, owner: SteamID64? = nil, appID: UInt32? = nil,
                declaredKind: String? = nil) {
        self.file = file
        self.line = line
        self.fetchedAt = fetchedAt
        self.owner = owner
        self.appID = appID
        self.declaredKind = declaredKind
    }

    /// `file` or `file:line`: the provenance string written to `sources` columns.
    public var provenance: String { line.map { "\(file):\($0)" } ?? file }

    /// A diagnostic location at this origin (line of the bundle, or `line` inside a file).
    public func location(line fileLine: Int? = nil, path: String? = nil) -> SourceLocation {
        SourceLocation(file: file, line: line ?? fileLine, path: path)
    }
}
