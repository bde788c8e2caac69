import JSONPullReader
import PipelineCore
import PlayerModel

/// The fields of one GetPlayerSummaries player object, collected key by key (keys come in any order).
/// Used for `response.players[]` entries and for a bare player object at the top level.
struct JSONPlayerSummaryFields {
    var steamID: SteamID64?
    /// A `steamid` key was present (valid or not).
    var sawSteamID = false
    /// Offset of the `steamid` value, for diagnostics about the owner.
    var steamIDOffset: Int?
    var personaName: String?
    var profileURL: String?
    var realName: String?
    var visibilityState: Int?
    var country: String?
    var state: String?
    var cityID: Int?
    var timeCreated: Int64?
    var lastLogoff: Int64?
    var primaryGroupID: GroupID64?

    /// Reads the value of the current key when it is a player field; `false` (value not consumed) otherwise.
    mutating func consume<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) -> Bool {
        if reader.keyEquals("steamid") {
            sawSteamID = true
            steamID = try fields.steamID(&reader, field: "steamid")
            steamIDOffset = reader.tokenOffset
        } else if reader.keyEquals("personaname") {
            personaName = try fields.string(&reader, field: "personaname")
        } else if reader.keyEquals("communityvisibilitystate") {
            visibilityState = try fields.int(&reader, field: "communityvisibilitystate")
        } else if reader.keyEquals("profileurl") {
            profileURL = try fields.string(&reader, field: "profileurl")
        } else if reader.keyEquals("realname") {
            realName = try fields.string(&reader, field: "realname")
        } else if reader.keyEquals("loccountrycode") {
            country = try fields.text(&reader, field: "loccountrycode")
        } else if reader.keyEquals("locstatecode") {
            state = try fields.text(&reader, field: "locstatecode")
        } else if reader.keyEquals("loccityid") {
            cityID = try fields.int(&reader, field: "loccityid", allowString: true)
        } else if reader.keyEquals("timecreated") {
            timeCreated = try fields.integer(&reader, field: "timecreated", allowString: true)
        } else if reader.keyEquals("lastlogoff") {
            lastLogoff = try fields.integer(&reader, field: "lastlogoff", allowString: true)
        } else if reader.keyEquals("primaryclanid") {
            primaryGroupID = try Self.groupID(&reader, fields)
        } else {
            return false
        }
        return true
    }

    /// Whether a top-level object looks like a bare player: `steamid` plus `personaname` or
    /// `communityvisibilitystate`.
    var looksLikePlayer: Bool { sawSteamID && (personaName != nil || visibilityState != nil) }

    /// The profile, or `nil` when the id is missing or invalid.
    var facts: ProfileFacts? {
        guard let steamID else { return nil }
        var profile = ProfileFacts(steamID: steamID, visibility: Self.visibility(visibilityState))
        profile.personaName = personaName
        profile.profileURL = profileURL
        profile.customURL = profileURL.flatMap(Self.customURL(in:))
        profile.realName = realName.flatMap { $0.isEmpty ? nil : $0 }
        profile.country = country.flatMap { $0.isEmpty ? nil : $0 }
        profile.state = state.flatMap { $0.isEmpty ? nil : $0 }
        profile.cityID = cityID
        profile.timeCreated = timeCreated
        profile.lastLogoff = lastLogoff
        profile.primaryGroupID = primaryGroupID
        return profile
    }

    /// 3 is public; 1 ("not visible to the caller") and 2 (friends only) are private; anything else unknown.
    static func visibility(_ state: Int?) -> Visibility {
        switch state {
        case 3: .public
        case 1, 2: .private
        default: .unknown
        }
    }

    /// The vanity name of `https://steamcommunity.com/id/<vanity>/`; `nil` for `/profiles/<id64>/` URLs.
    static func customURL(in url: String) -> String? {
        let utf8 = Array(url.utf8)
        let marker = Array("/id/".utf8)
        guard utf8.count > marker.count else { return nil }
        for start in 0...(utf8.count - marker.count) where utf8[start..<(start + marker.count)].elementsEqual(marker) {
            let nameStart = start + marker.count
            var nameEnd = nameStart
            while nameEnd < utf8.count, utf8[nameEnd] != UInt8(ascii: "/"), utf8[nameEnd] != UInt8(ascii: "?") { nameEnd += 1 }
            guard nameEnd > nameStart else { return nil }
            return String(decoding: utf8[nameStart..<nameEnd], as: UTF8.self)
        }
        return nil
    }

    /// `primaryclanid`: the bare base value means "no primary group" (silently `nil`); other
    /// non-ids are reported as `groupid.invalid`.
    private static func groupID<Sink: DiagnosticSink>(_ reader: inout JSONPullReader, _ fields: JSONFieldReader<Sink>) throws(JSONError) -> GroupID64? {
        guard let text = try fields.text(&reader, field: "primaryclanid") else { return nil }
        if let id = GroupID64(text) { return id }
        if text == String(GroupID64.base) || text.isEmpty { return nil }
        fields.warning("groupid.invalid", "primaryclanid: \"\(text)\" is not a valid group id", &reader)
        return nil
    }
}
