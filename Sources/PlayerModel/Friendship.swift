/// One row of `friendships`: an unordered pair stored with `a < b`.
public struct Friendship: Sendable, Hashable, Codable {
    public var a: SteamID64
    public var b: SteamID64
    /// Unix seconds; `nil` when unknown (`friend_since` 0 or an XML list without dates).
    public var friendSince: Int64?
    public var sources: [String]

    public init(_ x: SteamID64, _ y: SteamID64, friendSince: Int64? = nil, sources: [String] = []) {
        self.a = min(x, y)
        self.b = max(x, y)
        self.friendSince = friendSince
        self.sources = sources
    }
}
