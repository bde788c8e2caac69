import PlayerModel

/// Role names → mask bits, per game: the configured names first (bit 0 = the first), then every other name
/// asked for that game in sorted order, so the mapping depends on neither input order nor thread count. Names past
/// bit 31 cannot be represented and are ignored (counted in the summary). A request with a raw mask keeps it.
/// `derived` names (roles from a Dota hero pool) count as asked for their game.
struct LobbyRoleCatalogue: Sendable {
    private(set) var bits: [UInt32: [String: Int]] = [:]
    private(set) var names: [UInt32: [String]] = [:]
    let configured: [UInt32: [String]]

    init(configured: [UInt32: [String]], requests: [LobbyRequest], derived: [UInt32: Set<String>] = [:]) {
        self.configured = configured
        var extra: [UInt32: Set<String>] = [:]
        for (app, names) in derived {
            for name in names where !(configured[app]?.contains(name) ?? false) { extra[app, default: []].insert(name) }
        }
        for r in requests where r.roleMask == nil {
            for name in r.roles where !(configured[r.appID]?.contains(name) ?? false) { extra[r.appID, default: []].insert(name) }
        }
        for app in Set(configured.keys).union(extra.keys) {
            var list: [String] = []
            for name in configured[app] ?? [] where !list.contains(name) { list.append(name) }
            list += (extra[app] ?? []).sorted()
            let kept = Array(list.prefix(32))
            names[app] = kept
            var map: [String: Int] = [:]
            for (i, name) in kept.enumerated() { map[name] = i }
            bits[app] = map
        }
    }

    /// The request's mask and how many of its names had no bit.
    func mask(_ r: LobbyRequest) -> (mask: UInt32, ignored: Int) {
        if let raw = r.roleMask { return (raw, 0) }
        return mask(r.appID, names: r.roles)
    }

    /// The mask of role names of a game and how many of them had no bit.
    func mask(_ app: UInt32, names: [String]) -> (mask: UInt32, ignored: Int) {
        var mask: UInt32 = 0, ignored = 0
        for name in names {
            if let b = bits[app]?[name] { mask |= 1 << UInt32(b) } else { ignored += 1 }
        }
        return (mask, ignored)
    }

    /// The configured roles' mask of a game, nil when the game has none configured.
    func configuredMask(_ app: UInt32) -> UInt32? {
        guard let list = configured[app], !list.isEmpty else { return nil }
        return list.reduce(UInt32(0)) { m, name in bits[app]?[name].map { m | (1 << UInt32($0)) } ?? m }
    }

    /// Role names of a mask (bits without a name as `#bit`).
    func roleNames(_ app: UInt32, mask: UInt32) -> [String] {
        (0..<32).filter { mask & (1 << UInt32($0)) != 0 }.map { b in
            let list = names[app] ?? []
            return b < list.count ? list[b] : "#\(b)"
        }
    }
}
