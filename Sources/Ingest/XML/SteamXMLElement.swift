/// The Steam Community XML element names the decoders act on. Their order gives the `XMLPullReader`
/// tokens; any other name gets a token at or past `unrecognized` and is skipped.
enum SteamXMLElement: String, CaseIterable {
    // Roots.
    case profile, gamesList, friendsList, memberList, response
    // Shared.
    case error, steamID64, steamID, memberCount, headline, summary
    // Profile.
    case onlineState, privacyState, visibilityState, privacyMessage, vacBanned, tradeBanState, isLimitedAccount
    case customURL, memberSince, location, realname
    case mostPlayedGames, mostPlayedGame, gameName, gameLink, gameIcon, gameLogo, gameLogoSmall
    case hoursPlayed, hoursOnRecord, statsName
    case friends, friend, friendsSince
    case groups, group, groupID64, groupName, groupURL
    // Games list.
    case games, game, appID, name, hoursLast2Weeks
    // Member list.
    case groupDetails, totalPages, currentPage, members
    /// Never matches a real name (`#` cannot start an XML name); stands for every other element.
    case unrecognized = "#unrecognized"

    /// The names in token order, for `XMLPullReader(names:)`.
    static let vocabulary: [String] = allCases.map(\.rawValue)
    private static let byToken: [SteamXMLElement] = Array(allCases)

    /// The element for a reader token.
    @inline(__always) init(token: Int) {
        self = token >= 0 && token < Self.byToken.count ? Self.byToken[token] : .unrecognized
    }

    /// The roots of single Steam documents (anything else at the top is read as a bundle).
    var isDocumentRoot: Bool {
        switch self {
        case .profile, .gamesList, .friendsList, .memberList, .response: true
        default: false
        }
    }
}
