import Foundation
import PipelineTestSupport

/// The Steam answers the stub serves, built from the shared fixtures (see Fixtures/SOURCES.md for the
/// synthetic adaptations: ids substituted into the summary, ban and achievement templates).
struct SteamFixtureResponses: Sendable {
    static let robin = "76561197960435530"

    let summaries: [UInt8]
    let summaryTemplate: String
    let banTemplate: String
    let friends: [UInt8]
    let owned: [UInt8]
    let recent: [UInt8]
    let achievements: String
    let schema: [UInt8]
    let globalPercentages: [UInt8]
    let noMatch: [UInt8]

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: RepositoryPaths.root().appendingPathComponent("Tests/FetchIOTests/Fixtures/\(name)")))
    }

    init() throws {
        summaries = try Self.fixture("steam-web-api-java__GetPlayerSummaries.json")
        let summaryText = String(decoding: summaries, as: UTF8.self)
        summaryTemplate = Self.firstObject(afterKey: "\"players\"", in: summaryText)
        banTemplate = Self.firstObject(afterKey: "\"players\"", in: String(decoding: try Self.fixture("steam-web-api-java__GetPlayerBans.json"), as: UTF8.self))
            .replacingOccurrences(of: "76561198051682777", with: "{ID}")
        friends = try Self.fixture("steam-web-api-java__GetFriendList.json")
        owned = try Self.fixture("steam-web-api-java__GetOwnedGames.json")
        recent = try Self.fixture("steam-web-api-java__GetRecentlyPlayedGames.json")
        achievements = String(decoding: try Self.fixture("steam-condenser-java__getPlayerAchievements.v1.json"), as: UTF8.self)
        schema = try Self.fixture("steam-condenser-java__getSchemaForGame.v2.json")
        globalPercentages = try Self.fixture("steam-condenser-java__getGlobalAchievementPercentagesForApp.v2.json")
        noMatch = try Self.fixture("steam-web-api-java__ResolveVanityURLNoMatch.json")
    }

    /// The text of the first `{…}` after `key` (the fixtures' player objects hold no nested objects).
    static func firstObject(afterKey key: String, in text: String) -> String {
        let afterKey = text.range(of: key)!.upperBound
        let open = text[afterKey...].firstIndex(of: "{")!
        let close = text[open...].firstIndex(of: "}")!
        return String(text[open...close])
    }

    func summary(of id: String) -> String { summaryTemplate.replacingOccurrences(of: Self.robin, with: id) }
    func bans(of id: String) -> String { banTemplate.replacingOccurrences(of: "{ID}", with: id) }
    func achievements(of id: String) -> String { achievements.replacingOccurrences(of: "\"12345\"", with: "\"\(id)\"") }

    /// The normal answer to `request` (ids in `unknown` are left out of batch answers, as Steam does).
    func reply(to request: StubRequest, unknown: Set<String>) -> StubReply {
        switch request.method {
        case "GetPlayerSummaries":
            let ids = request.steamIDs.filter { !unknown.contains($0) }
            if ids == [Self.robin] { return .json(summaries) }
            return .json("{\"response\":{\"players\":[" + ids.map(summary(of:)).joined(separator: ",") + "]}}")
        case "GetPlayerBans":
            return .json("{\"players\":[" + request.steamIDs.filter { !unknown.contains($0) }.map(bans(of:)).joined(separator: ",") + "]}")
        case "GetFriendList": return .json(friends)
        case "GetOwnedGames": return .json(owned)
        case "GetRecentlyPlayedGames": return .json(recent)
        case "GetPlayerAchievements": return .json(achievements(of: request.query["steamid"] ?? ""))
        case "GetSchemaForGame": return .json(schema)
        case "GetGlobalAchievementPercentagesForApp": return .json(globalPercentages)
        case "ResolveVanityURL":
            if request.query["vanityurl"] == "robinwalker" { return .json("{\"response\":{\"steamid\":\"\(Self.robin)\",\"success\":1}}") }
            return .json(noMatch)
        default:
            return .json("{\"error\":\"unknown method\"}", status: 404)
        }
    }
}
