/// One lobby a player asks for in `preferences.jsonl` (`"lobbies": [{"appid": 570, "min_players": 5,
/// "max_players": 5, "roles": ["carry", "support"], "group": "eu-ranked"}]`), GameKit's `GKMatchRequest` in bulk.
///
/// `roles` are names (mapped to bits per game by the lobby stage) or, when `roleMask` is set, a raw 32-bit mask.
/// Role names and groups are `[A-Za-z0-9_.-]`, 1…64 characters, so the canonical text form is unambiguous.
public struct LobbyRequest: Sendable, Hashable, Codable {
    public var appID: UInt32
    /// `nil` means the game's default size (the lobby stage's `default_sizes`).
    public var minPlayers: Int?
    public var maxPlayers: Int?
    /// Role names as stated (de-duplicated, in the player's order).
    public var roles: [String]
    /// A raw role mask stated instead of names.
    public var roleMask: UInt32?
    /// Only players with the same group (or both without one) share a lobby.
    public var group: String?

    public static let maxPlayersLimit = 64

    public init(appID: UInt32, minPlayers: Int? = nil, maxPlayers: Int? = nil, roles: [String] = [], roleMask: UInt32? = nil,
                group: String? = nil) {
        self.appID = appID
        self.minPlayers = minPlayers
        self.maxPlayers = maxPlayers
        self.roles = roles
        self.roleMask = roleMask
        self.group = group
    }

    /// Whether `name` is a valid role name or group.
    public static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x2E || c == 0x2D
        }
    }

    /// The canonical text form used in the `preferences` table: `appid:min-max:roles:group`, with an empty size
    /// side when unstated (`570:-:…`, `570:3-:…`), roles joined by `+` or `#mask` for a raw mask, and an empty group
    /// when none: `570:5-5:carry+support:eu-ranked`, `730:-::`.
    public var text: String {
        let sizes = (minPlayers.map(String.init) ?? "") + "-" + (maxPlayers.map(String.init) ?? "")
        let roleText = roleMask.map { "#\($0)" } ?? roles.joined(separator: "+")
        return "\(appID):\(sizes):\(roleText):\(group ?? "")"
    }

    /// Parses `text`; nil when it is not that form.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let app = UInt32(parts[0]), app > 0 else { return nil }
        let sizes = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard sizes.count == 2 else { return nil }
        func size(_ s: Substring) -> Int?? {
            if s.isEmpty { return .some(nil) }
            guard let v = Int(s), (1...Self.maxPlayersLimit).contains(v) else { return nil }
            return .some(v)
        }
        guard let lo = size(sizes[0]), let hi = size(sizes[1]) else { return nil }
        var roles: [String] = []
        var mask: UInt32?
        if parts[2].hasPrefix("#") {
            guard let m = UInt32(parts[2].dropFirst()), m > 0 else { return nil }
            mask = m
        } else if !parts[2].isEmpty {
            roles = parts[2].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            guard roles.allSatisfy(Self.isValidName) else { return nil }
        }
        let group = parts[3].isEmpty ? nil : String(parts[3])
        if let group, !Self.isValidName(group) { return nil }
        self.init(appID: app, minPlayers: lo, maxPlayers: hi, roles: roles, roleMask: mask, group: group)
    }
}
