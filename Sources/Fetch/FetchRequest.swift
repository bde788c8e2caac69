/// One HTTP call `fetch` will make: a method and the cache keys its answer covers (up to 100 for the
/// batched methods, one otherwise).
public struct FetchRequest: Sendable, Hashable {
    public var endpoint: SteamEndpoint
    /// Sorted; all of `endpoint`.
    public var keys: [CacheKey]

    public init(endpoint: SteamEndpoint, keys: [CacheKey]) {
        self.endpoint = endpoint
        self.keys = keys
    }

    /// Query parameters without the key, in a fixed order.
    public var query: [(String, String)] {
        var items: [(String, String)] = []
        switch endpoint.scope {
        case .playerBatch: items.append(("steamids", keys.map(\.steamID).joined(separator: ",")))
        case .player: items.append(("steamid", keys[0].steamID))
        case .playerApp: items += [("steamid", keys[0].steamID), ("appid", String(keys[0].appID ?? 0))]
        case .app: items.append((endpoint == .globalAchievementPercentages ? "gameid" : "appid", String(keys[0].appID ?? 0)))
        case .vanity: items.append(("vanityurl", keys[0].vanity ?? ""))
        }
        return items + endpoint.fixedQuery
    }

    /// The URL of this call under `base` (no trailing slash needed), with the key as the first parameter.
    /// Render it through `URLRedactor` before it reaches any message.
    public func url(base: String, apiKey: String) -> String {
        let root = base.hasSuffix("/") ? String(base.dropLast()) : base
        let items = [("key", apiKey)] + query + [("format", "json")]
        return root + "/" + endpoint.path + "?" + items.map { "\($0.0)=\(Self.percentEncode($0.1))" }.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters and `,` (Steam's id list separator).
    static func percentEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
