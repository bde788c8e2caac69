import PlayerModel

/// One swipe in the app's `decisions.jsonl` export.
public struct SyntheticDecision: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case accept
        case reject
        case block
    }

    public var from: SteamID64
    public var to: SteamID64
    public var kind: Kind
    /// Unix seconds.
    public var at: Int64

    public init(from: SteamID64, to: SteamID64, kind: Kind, at: Int64) {
        self.from = from
        self.to = to
        self.kind = kind
        self.at = at
    }
}
