import PipelineCore
import PlayerModel

/// `<gamesList>` (steam-formats §1b) → `.gameLibrary(kind: .gamesXML)`. A missing `hoursOnRecord` means 0
/// minutes (never played), an unparseable one `nil` (with a `value.invalid` warning); `hoursLast2Weeks` is optional. A missing `<games>` (or an `<error>` such as
/// "This profile is private.") gives `games == nil`: unknown, never "no games".
enum GamesListXMLDecoder {
    /// Called at `<gamesList>`'s start; consumes through its end.
    static func decode(_ context: XMLDecodingContext) -> SteamDocument? {
        var id: IDField<SteamID64> = .absent
        var games: [GameFacts]?
        var privateMessage: String?
        while let child = context.nextChild() {
            switch child {
            case .steamID64: id = context.steamID()
            case .games: games = decodeGames(context)
            case .error: privateMessage = context.text() ?? ""
            default: context.skip()
            }
        }
        if context.isBroken { return nil }
        guard case .owner(let owner) = context.resolveOwner(id, required: false) else { return nil }
        return .gameLibrary(GameLibraryFacts(kind: .gamesXML, owner: owner, games: privateMessage == nil ? games : nil))
    }

    private static func decodeGames(_ context: XMLDecodingContext) -> [GameFacts] {
        var games: [GameFacts] = []
        while let child = context.nextChild() {
            guard child == .game else {
                context.skip()
                continue
            }
            var appID: UInt32?
            var appIDSeen = false
            var name: String?
            var minutesTotal: Int?
            var hoursOnRecordSeen = false
            var minutes2Weeks: Int?
            while let field = context.nextChild() {
                switch field {
                case .appID:
                    appIDSeen = true
                    appID = context.parsed({ SteamXMLValue.unsigned64($0).flatMap { UInt32(exactly: $0) } }, what: "an app id")
                case .name: name = context.text()
                case .hoursOnRecord:
                    hoursOnRecordSeen = true
                    minutesTotal = context.minutes()
                case .hoursLast2Weeks: minutes2Weeks = context.minutes()
                default: context.skip()
                }
            }
            if context.isBroken { break }
            guard let appID else {
                context.error("appid.invalid", "game '\(context.clip(name ?? ""))' has \(appIDSeen ? "no valid" : "no") appID; skipped")
                continue
            }
            games.append(GameFacts(appID: appID, name: name, minutesTotal: hoursOnRecordSeen ? minutesTotal : 0, minutes2Weeks: minutes2Weeks))
        }
        return games
    }
}
