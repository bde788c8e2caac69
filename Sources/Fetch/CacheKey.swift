/// What one stored answer is about: a method and its subject (a player, a player and an app, an app or a
/// vanity name). Batched methods are stored per player, so a changed id list never invalidates the cache.
/// The text form (`GetOwnedGames/76561197960435530`, `GetPlayerAchievements/76561197960435530/440`) is the
/// journal's and the failure ledger's key; keys sort by method order, then subject.
public struct CacheKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var endpoint: SteamEndpoint
    /// A SteamID64 (decimal) for player methods, empty otherwise.
    public var steamID: String
    /// The app id for app methods.
    public var appID: UInt32?
    /// The vanity name for ResolveVanityURL.
    public var vanity: String?

    public init(endpoint: SteamEndpoint, steamID: String = "", appID: UInt32? = nil, vanity: String? = nil) {
        self.endpoint = endpoint
        self.steamID = steamID
        self.appID = appID
        self.vanity = vanity
    }

    public var description: String {
        var parts = [endpoint.rawValue]
        if !steamID.isEmpty { parts.append(steamID) }
        if let appID { parts.append(String(appID)) }
        if let vanity { parts.append(vanity) }
        return parts.joined(separator: "/")
    }

    /// Parses the text form; `nil` for anything `description` cannot produce.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard let endpoint = SteamEndpoint(rawValue: parts[0]) else { return nil }
        switch endpoint.scope {
        case .playerBatch, .player:
            guard parts.count == 2, Self.isDecimal(parts[1]) else { return nil }
            self.init(endpoint: endpoint, steamID: parts[1])
        case .playerApp:
            guard parts.count == 3, Self.isDecimal(parts[1]), let app = UInt32(parts[2]) else { return nil }
            self.init(endpoint: endpoint, steamID: parts[1], appID: app)
        case .app:
            guard parts.count == 2, let app = UInt32(parts[1]) else { return nil }
            self.init(endpoint: endpoint, appID: app)
        case .vanity:
            guard parts.count == 2, !parts[1].isEmpty else { return nil }
            self.init(endpoint: endpoint, vanity: parts[1])
        }
    }

    static func isDecimal(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    /// Sort order: method, then player id numerically, then app, then vanity name.
    public static func < (lhs: CacheKey, rhs: CacheKey) -> Bool {
        if lhs.endpoint != rhs.endpoint { return lhs.endpoint < rhs.endpoint }
        if lhs.steamID != rhs.steamID {
            return lhs.steamID.utf8.count != rhs.steamID.utf8.count ? lhs.steamID.utf8.count < rhs.steamID.utf8.count
                : lhs.steamID < rhs.steamID
        }
        if lhs.appID != rhs.appID { return (lhs.appID ?? 0) < (rhs.appID ?? 0) }
        return (lhs.vanity ?? "").utf8.lexicographicallyPrecedes((rhs.vanity ?? "").utf8)
    }
}
