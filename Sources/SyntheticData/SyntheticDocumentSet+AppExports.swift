import PlayerModel

extension SyntheticDocumentSet {
    /// One `preferences.jsonl` line (no newline) in the app's export schema. `updated_at` falls within the
    /// ten days before the reference time.
    public func preferencesLine(_ prefs: PlayerPreferences) -> String {
        var j = "{\"steamid\":\"\(prefs.steamID)\""
        j += ",\"favorite_appids\":[" + prefs.favoriteAppIDs.map(String.init).joined(separator: ",") + "]"
        if let cap = prefs.maxDistanceKm { j += ",\"max_distance_km\":" + JSONText.number(cap) }
        j += ",\"anywhere\":\(prefs.anywhere)"
        if !prefs.languages.isEmpty {
            j += ",\"languages\":[" + prefs.languages.map(JSONText.quoted).joined(separator: ",") + "]"
        }
        if prefs.availability != nil, let zone = prefs.timeZone {
            j += ",\"availability\":{\"time_zone\":" + JSONText.quoted(zone) + ",\"windows\":["
            var first = true
            for text in prefs.availabilityText {
                guard let window = Self.parseWindow(text) else { continue }
                if !first { j += "," }
                first = false
                j += "{\"day\":\"\(window.day)\",\"start_hour\":\(window.start),\"end_hour\":\(window.end)}"
            }
            j += "]}"
        }
        if !prefs.lobbies.isEmpty {
            j += ",\"lobbies\":[" + prefs.lobbies.map { r in
                var o = "{\"appid\":\(r.appID)"
                if let lo = r.minPlayers { o += ",\"min_players\":\(lo)" }
                if let hi = r.maxPlayers { o += ",\"max_players\":\(hi)" }
                if let mask = r.roleMask { o += ",\"roles\":\(mask)" } else if !r.roles.isEmpty {
                    o += ",\"roles\":[" + r.roles.map(JSONText.quoted).joined(separator: ",") + "]"
                }
                if let group = r.group { o += ",\"group\":" + JSONText.quoted(group) }
                return o + "}"
            }.joined(separator: ",") + "]"
        }
        let updated = referenceTime - Int64(hash(prefs.steamID.rawValue, 7) % (10 * 86_400))
        j += ",\"updated_at\":\"\(CivilDate(unixSeconds: updated).rfc3339)\"}"
        return j
    }

    /// Parses the display form `mon 18-23` back into its parts.
    static func parseWindow(_ text: String) -> (day: String, start: Int, end: Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, AvailabilityDay.names.contains(String(parts[0])) else { return nil }
        let hours = parts[1].split(separator: "-")
        guard hours.count == 2, let start = Int(hours[0]), let end = Int(hours[1]) else { return nil }
        return (String(parts[0]), start, end)
    }

    /// One `decisions.jsonl` line (no newline).
    public static func decisionLine(_ decision: SyntheticDecision) -> String {
        "{\"from\":\"\(decision.from)\",\"to\":\"\(decision.to)\",\"decision\":\"\(decision.kind.rawValue)\",\"at\":\"\(CivilDate(unixSeconds: decision.at).rfc3339)\"}"
    }
}
