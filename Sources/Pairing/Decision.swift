import PlayerModel

/// One swipe from the app's `decisions.jsonl`: `from` accepted, rejected or blocked `to` at `at`.
public struct Decision: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case accept, reject, block
    }

    public var from: SteamID64
    public var to: SteamID64
    public var kind: Kind
    /// Unix seconds (UTC).
    public var at: Int64
    /// 1-based line in the decisions file, for diagnostics.
    public var line: Int

    public init(from: SteamID64, to: SteamID64, kind: Kind, at: Int64, line: Int = 0) {
        self.from = from
        self.to = to
        self.kind = kind
        self.at = at
        self.line = line
    }
}
