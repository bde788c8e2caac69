import PipelineCore
import PlayerModel

/// `<profile>` (steam-formats §1a) → `.profile`. Handles the public form (with the 2011-era `<friends>`
/// block, full and bare `<groups>` entries and `mostPlayedGames`), the friends-only/private form that stops
/// after `isLimitedAccount` (visibility `private`, not an error), the "not set up" form with a
/// `privacyMessage` (visibility `private`), and an `<error>` child (→ `.errorResponse`).
/// Unknown elements are skipped; absent ones stay `nil`.
enum ProfileXMLDecoder {
    /// Called at `<profile>`'s start; consumes through its end.
    static func decode(_ context: XMLDecodingContext) -> SteamDocument? {
        var id: IDField<SteamID64> = .absent
        var facts = ProfileFacts(steamID: placeholderID)
        var privacyState: Visibility?
        var visibilityState: Int?
        var hasPrivacyMessage = false
        var errorMessage: String?
        while let child = context.nextChild() {
            switch child {
            case .steamID64: id = context.steamID()
            case .steamID: facts.personaName = context.text()
            case .privacyState: privacyState = context.parsed(visibility(privacyState:), what: "public, friendsonly or private")
            case .visibilityState: visibilityState = context.integer()
            case .privacyMessage:
                hasPrivacyMessage = true
                context.skip()
            case .vacBanned: facts.vacBanned = context.flag()
            case .tradeBanState: facts.tradeBanState = context.text()
            case .isLimitedAccount: facts.isLimitedAccount = context.flag()
            case .customURL: facts.customURL = context.text()
            case .memberSince:
                facts.memberSince = context.parsed(SteamXMLValue.isoDate(fromMemberSince:), what: "a date like 'September 20, 2006'")
            case .location: facts.locationText = context.text()
            case .realname: facts.realName = context.text()
            case .summary:
                let summary = context.text()
                facts.summary = summary == "No information given." ? nil : summary
            case .mostPlayedGames: facts.mostPlayedGames = decodeMostPlayedGames(context)
            case .friends: facts.friends = FriendEntriesXMLDecoder.decode(context)
            case .groups:
                let (groups, primary) = decodeGroups(context)
                facts.groups = groups
                facts.primaryGroupID = primary
            case .error: errorMessage = context.text() ?? ""
            default: context.skip()
            }
        }
        if context.isBroken { return nil }
        if let errorMessage { return .errorResponse(message: errorMessage) }
        guard case .owner(let owner?) = context.resolveOwner(id, required: true) else { return nil }
        facts.steamID = owner
        if hasPrivacyMessage {
            facts.visibility = .private
        } else if let privacyState {
            facts.visibility = privacyState
        } else if let visibilityState {
            facts.visibility = visibilityState == 3 ? .public : (visibilityState == 1 || visibilityState == 2 ? .private : .unknown)
        }
        return .profile(facts)
    }

    /// Only ever overwritten: `decode` returns a profile only once its real id is known.
    private static let placeholderID = SteamID64(accountID: 1)!

    private static func visibility(privacyState bytes: UnsafeBufferPointer<UInt8>) -> Visibility? {
        if bytes.elementsEqual("public".utf8) { return .public }
        if bytes.elementsEqual("friendsonly".utf8) || bytes.elementsEqual("private".utf8) { return .private }
        return nil
    }

    /// `<groups>`: `group` entries, full or bare (only `groupID64`); a bare `groupID64` straight under
    /// `<groups>` is accepted too. Returns the groups and the one marked `isPrimary="1"`.
    private static func decodeGroups(_ context: XMLDecodingContext) -> ([GroupFacts], GroupID64?) {
        var groups: [GroupFacts] = []
        var primary: GroupID64?
        while let child = context.nextChild() {
            switch child {
            case .group:
                let isPrimary: Bool? = switch context.reader.attribute("isPrimary") {
                case "1": true
                case "0": false
                default: nil
                }
                if let group = decodeGroup(context, isPrimary: isPrimary) {
                    groups.append(group)
                    if isPrimary == true, primary == nil { primary = group.groupID }
                }
            case .groupID64:
                let field = context.groupID()
                if let id = field.value {
                    groups.append(GroupFacts(groupID: id))
                } else {
                    context.reportInvalid(field, code: "groupid.invalid", what: "group id", consequence: "group skipped")
                }
            default: context.skip()
            }
        }
        return (groups, primary)
    }

    private static func decodeGroup(_ context: XMLDecodingContext, isPrimary: Bool?) -> GroupFacts? {
        var id: IDField<GroupID64> = .absent
        var name: String?
        var url: String?
        var headline: String?
        var memberCount: Int?
        while let child = context.nextChild() {
            switch child {
            case .groupID64: id = context.groupID()
            case .groupName: name = context.text()
            case .groupURL: url = context.text()
            case .headline: headline = context.text()
            case .memberCount: memberCount = context.integer()
            default: context.skip()
            }
        }
        if context.isBroken { return nil }
        guard let groupID = id.value else {
            if case .absent = id {
                context.error("xml.missingGroupID64", "group entry without groupID64; skipped")
            } else {
                context.reportInvalid(id, code: "groupid.invalid", what: "group id", consequence: "group skipped")
            }
            return nil
        }
        return GroupFacts(groupID: groupID, name: name, url: url, headline: headline, memberCount: memberCount,
                          isPrimary: isPrimary)
    }

    /// `<mostPlayedGames>`: the app id comes from `gameLink` (`/app/N`, a double slash is fine), else from the
    /// icon or logo path (`/apps/N/`), else from a numeric `statsName`. Hours become minutes.
    private static func decodeMostPlayedGames(_ context: XMLDecodingContext) -> [GameFacts] {
        var games: [GameFacts] = []
        while let child = context.nextChild() {
            guard child == .mostPlayedGame else {
                context.skip()
                continue
            }
            var linkAppID: UInt32?
            var imageAppID: UInt32?
            var statsAppID: UInt32?
            var name: String?
            var minutesTotal: Int?
            var minutes2Weeks: Int?
            while let field = context.nextChild() {
                switch field {
                case .gameName: name = context.text()
                case .gameLink: linkAppID = context.leaf { SteamXMLValue.number(after: "/app/", in: $0) } ?? nil
                case .gameIcon, .gameLogo, .gameLogoSmall:
                    if linkAppID == nil && imageAppID == nil {
                        imageAppID = context.leaf { SteamXMLValue.number(after: "/apps/", in: $0) } ?? nil
                    } else {
                        context.skip()
                    }
                case .statsName:
                    statsAppID = context.leaf { SteamXMLValue.integer($0).flatMap { UInt32(exactly: $0) } } ?? nil
                case .hoursPlayed: minutes2Weeks = context.minutes()
                case .hoursOnRecord: minutesTotal = context.minutes()
                default: context.skip()
                }
            }
            if context.isBroken { break }
            guard let appID = linkAppID ?? imageAppID ?? statsAppID else {
                context.error("appid.invalid", "mostPlayedGame '\(context.clip(name ?? ""))' has no app id in gameLink, images or statsName; skipped")
                continue
            }
            games.append(GameFacts(appID: appID, name: name, minutesTotal: minutesTotal, minutes2Weeks: minutes2Weeks))
        }
        return games
    }
}
