import JSONPullReader
import PipelineCore
import PlayerModel

/// The fields of one `preferences.jsonl` line, collected key by key. Bad values are reported as
/// `preferences.invalid` and dropped; the rest of the line is kept.
///
/// Rules: `favorite_appids` integers 1…2³²−1; `max_distance_km` a finite number ≥ 0; `anywhere` a boolean;
/// `languages` strings; `availability.time_zone` a string; each `availability.windows[]` entry needs `day`
/// (`mon`…`sun`), `start_hour` (0…23) and `end_hour` (1…24), integers (`end ≤ start` wraps past midnight);
/// `updated_at` a string; `lobbies` an array of objects (`LobbyRequest`): `appid` 1…2³²−1 (required, one entry per
/// appid), `min_players`/`max_players` integers 1…64 with min ≤ max, `roles` role names (`[A-Za-z0-9_.-]`, ≤ 64
/// characters) or a raw mask 1…2³²−1, `group` a name of the same form. A bad lobby entry is reported and skipped
/// whole. `null` means absent.
struct JSONPreferencesFields {
    var favoriteAppIDs: [UInt32] = []
    var maxDistanceKm: Double?
    var anywhere: Bool?
    var languages: [String] = []
    var timeZone: String?
    var windows: [PreferencesFacts.AvailabilityWindow] = []
    var lobbies: [LobbyRequest] = []
    var updatedAt: String?
    /// One of the keys that make a line a preferences line was present.
    var sawPreferenceKey = false

    static let dayNames: [StaticString] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Reads the value of the current key when it is a preferences field; `false` (value not consumed) otherwise.
    mutating func consume<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) -> Bool {
        if reader.keyEquals("favorite_appids") {
            sawPreferenceKey = true
            try Self.readArray(&reader, fields, field: "favorite_appids") { reader throws(JSONError) in
                let token = try reader.next()
                if token == .number, reader.numberIsInteger, let value = try? reader.int64(), value > 0,
                   let appID = UInt32(exactly: value) {
                    favoriteAppIDs.append(appID)
                } else {
                    try Self.invalid(&reader, fields, token, "favorite_appids: every entry must be an app id (a positive integer)")
                }
            }
        } else if reader.keyEquals("max_distance_km") {
            sawPreferenceKey = true
            let token = try reader.next()
            if token == .number, let value = try? reader.double(), value.isFinite, value >= 0 {
                maxDistanceKm = value
            } else if token != .null {
                try Self.invalid(&reader, fields, token, "max_distance_km must be a number ≥ 0")
            }
        } else if reader.keyEquals("anywhere") {
            sawPreferenceKey = true
            let token = try reader.next()
            if case .bool(let value) = token {
                anywhere = value
            } else if token != .null {
                try Self.invalid(&reader, fields, token, "anywhere must be true or false")
            }
        } else if reader.keyEquals("languages") {
            sawPreferenceKey = true
            try Self.readArray(&reader, fields, field: "languages") { reader throws(JSONError) in
                let token = try reader.next()
                if token == .string {
                    languages.append(reader.string())
                } else {
                    try Self.invalid(&reader, fields, token, "languages: every entry must be a string")
                }
            }
        } else if reader.keyEquals("availability") {
            sawPreferenceKey = true
            try readAvailability(&reader, fields)
        } else if reader.keyEquals("lobbies") {
            sawPreferenceKey = true
            try Self.readArray(&reader, fields, field: "lobbies") { reader throws(JSONError) in
                try readLobby(&reader, fields)
            }
        } else if reader.keyEquals("updated_at") {
            let token = try reader.next()
            if token == .string {
                updatedAt = reader.string()
            } else if token != .null {
                try Self.invalid(&reader, fields, token, "updated_at must be a string")
            }
        } else {
            return false
        }
        return true
    }

    func facts(steamID: SteamID64) -> PreferencesFacts {
        var facts = PreferencesFacts(steamID: steamID, favoriteAppIDs: favoriteAppIDs, maxDistanceKm: maxDistanceKm,
                                     anywhere: anywhere ?? false, languages: languages, timeZone: timeZone, windows: windows,
                                     updatedAt: updatedAt)
        facts.lobbies = lobbies
        return facts
    }

    /// One `lobbies[]` entry: kept only when every field is valid and its appid is not already asked for.
    private mutating func readLobby<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) {
        let token = try reader.next()
        guard token == .objectBegin else {
            try Self.invalid(&reader, fields, token, "lobbies: every entry must be an object")
            return
        }
        var request = LobbyRequest(appID: 0)
        var problems: [String] = []
        func integer(_ reader: inout JSONPullReader, _ range: ClosedRange<Int64>, _ name: String) throws(JSONError) -> Int64? {
            let value = try reader.next()
            if value == .null { return nil }
            if value == .number, reader.numberIsInteger, let v = try? reader.int64(), range.contains(v) { return v }
            try reader.skipRest(of: value)
            problems.append("\(name) must be an integer \(range.lowerBound)…\(range.upperBound)")
            return nil
        }
        while try reader.nextKey() {
            if reader.keyEquals("appid") {
                request.appID = try integer(&reader, 1...Int64(UInt32.max), "appid").map { UInt32($0) } ?? 0
            } else if reader.keyEquals("min_players") {
                request.minPlayers = try integer(&reader, 1...Int64(LobbyRequest.maxPlayersLimit), "min_players").map { Int($0) }
            } else if reader.keyEquals("max_players") {
                request.maxPlayers = try integer(&reader, 1...Int64(LobbyRequest.maxPlayersLimit), "max_players").map { Int($0) }
            } else if reader.keyEquals("group") {
                let value = try reader.next()
                if value == .string, LobbyRequest.isValidName(reader.string()) {
                    request.group = reader.string()
                } else if value != .null {
                    try reader.skipRest(of: value)
                    problems.append("group must be a name of 1…64 characters A-Z a-z 0-9 _ . -")
                }
            } else if reader.keyEquals("roles") {
                let value = try reader.next()
                if value == .number {
                    if reader.numberIsInteger, let v = try? reader.int64(), v > 0, let mask = UInt32(exactly: v) {
                        request.roleMask = mask
                    } else {
                        problems.append("roles as a mask must be an integer 1…4294967295")
                    }
                } else if value == .arrayBegin {
                    while true {
                        let item = try reader.next()
                        if item == .arrayEnd { break }
                        if item == .string, LobbyRequest.isValidName(reader.string()) {
                            let name = reader.string()
                            if !request.roles.contains(name) { request.roles.append(name) }
                        } else {
                            try reader.skipRest(of: item)
                            problems.append("roles: every entry must be a name of 1…64 characters A-Z a-z 0-9 _ . -")
                        }
                    }
                } else if value != .null {
                    try reader.skipRest(of: value)
                    problems.append("roles must be an array of names or an integer mask")
                }
            } else {
                try reader.skipValue()
            }
        }
        if request.appID == 0, problems.isEmpty { problems.append("appid is missing") }
        if let lo = request.minPlayers, let hi = request.maxPlayers, lo > hi {
            problems.append("min_players \(lo) is above max_players \(hi)")
        }
        if problems.isEmpty, lobbies.contains(where: { $0.appID == request.appID }) {
            problems.append("appid \(request.appID) is asked for twice; the first entry is kept")
        }
        guard problems.isEmpty else {
            fields.error("preferences.invalid", "lobby skipped: " + problems.joined(separator: "; "), &reader)
            return
        }
        lobbies.append(request)
    }

    private mutating func readAvailability<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) {
        let token = try reader.next()
        guard token == .objectBegin else {
            if token != .null { try Self.invalid(&reader, fields, token, "availability must be an object") }
            return
        }
        while try reader.nextKey() {
            if reader.keyEquals("time_zone") {
                let value = try reader.next()
                if value == .string {
                    timeZone = reader.string()
                } else if value != .null {
                    try Self.invalid(&reader, fields, value, "availability.time_zone must be a string")
                }
            } else if reader.keyEquals("windows") {
                try Self.readArray(&reader, fields, field: "availability.windows") { reader throws(JSONError) in
                    try readWindow(&reader, fields)
                }
            } else {
                try reader.skipValue()
            }
        }
    }

    private mutating func readWindow<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) {
        let token = try reader.next()
        guard token == .objectBegin else {
            try Self.invalid(&reader, fields, token, "availability.windows: every entry must be an object")
            return
        }
        var day: Int?
        var dayText: String?
        var start: Int64?
        var end: Int64?
        var problems: [String] = []
        while try reader.nextKey() {
            if reader.keyEquals("day") {
                let value = try reader.next()
                if value == .string {
                    day = Self.dayNames.firstIndex { reader.stringEquals($0) }
                    if day == nil { dayText = reader.string() }
                } else {
                    try reader.skipRest(of: value)
                }
                if day == nil { problems.append("day \(dayText.map { "\"\($0)\"" } ?? "missing or not a string") is not one of mon…sun") }
            } else if reader.keyEquals("start_hour") {
                start = try Self.hour(&reader)
            } else if reader.keyEquals("end_hour") {
                end = try Self.hour(&reader)
            } else {
                try reader.skipValue()
            }
        }
        if day == nil, problems.isEmpty { problems.append("day is missing") }
        if let start, !(0...23).contains(start) { problems.append("start_hour \(start) is outside 0…23") }
        if start == nil { problems.append("start_hour must be an integer 0…23") }
        if let end, !(1...24).contains(end) { problems.append("end_hour \(end) is outside 1…24") }
        if end == nil { problems.append("end_hour must be an integer 1…24") }
        guard problems.isEmpty, let day, let start, let end else {
            fields.error("preferences.invalid", "availability window skipped: " + problems.joined(separator: "; "), &reader)
            return
        }
        windows.append(.init(day: day, startHour: Int(start), endHour: Int(end)))
    }

    /// An integer hour, or `nil` for anything else (the caller reports it).
    private static func hour(_ reader: inout JSONPullReader) throws(JSONError) -> Int64? {
        let token = try reader.next()
        guard token == .number else {
            try reader.skipRest(of: token)
            return nil
        }
        return reader.numberIsInteger ? try? reader.int64() : nil
    }

    /// Reads an array, calling `element` once per entry with the reader before the entry.
    private static func readArray<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>, field: String,
                                                 element: (inout JSONPullReader) throws(JSONError) -> Void) throws(JSONError) {
        let token = try reader.next()
        guard token == .arrayBegin else {
            if token != .null { try invalid(&reader, fields, token, "\(field) must be an array") }
            return
        }
        while true {
            let before = reader.depth
            // Peek: an array end closes the container, anything else is an element.
            var probe = reader
            if try probe.next() == .arrayEnd {
                reader = probe
                return
            }
            assert(reader.depth == before)
            try element(&reader)
        }
    }

    private static func invalid<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>, _ token: JSONToken,
                                               _ message: String) throws(JSONError) {
        fields.error("preferences.invalid", message, &reader)
        try reader.skipRest(of: token)
    }
}
